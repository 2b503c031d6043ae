import { useCallback, useEffect, useState } from 'react';

const secondsTo = (endsAt: number) => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

/** Seconds left of a resend cooldown (SMS codes: 60 s). Counts against the clock, not ticks,
 *  so a throttled background tab still ends on time. `initialEndsAt` (ms since the epoch) takes
 *  up a wait started before this page was shown; `start` returns when the new wait ends. */
export function useCountdown(initialEndsAt = 0): [number, (seconds: number) => number] {
  const [endsAt, setEndsAt] = useState(initialEndsAt);
  const [left, setLeft] = useState(() => secondsTo(initialEndsAt));
  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const s = secondsTo(endsAt);
      setLeft(s);
      if (s === 0) setEndsAt(0);
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const at = Date.now() + seconds * 1000;
    setEndsAt(at);
    return at;
  }, []);
  return [left, start];
}
