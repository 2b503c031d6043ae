import { useEffect, useState } from 'react';

/** One check every this many ms: the verdict is already shown above them, so the list only needs to read as a list being filled, not to make the holder wait. */
export const REVEAL_STEP_MS = 120;

/**
 * How many of `count` checks to show: they appear one by one, as the checks a holder watches run
 * (the answer comes in one piece; showing it at once would read as a wall of verdicts). A new
 * answer (`key`) starts over. Users who ask for reduced motion see everything at once.
 */
export function useReveal(count: number, key: unknown): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduce) {
      setShown(count);
      return;
    }
    setShown(0);
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      setShown(n);
      if (n >= count) clearInterval(timer);
    }, REVEAL_STEP_MS);
    return () => clearInterval(timer);
  }, [count, key]);
  return Math.min(shown, count);
}
