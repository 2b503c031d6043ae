// The height the page may use: the visual viewport's, which shrinks when the on-screen keyboard
// opens (iOS does not resize the layout viewport), so the send box sits right above the keyboard.
import { useEffect, useState } from 'react';

export function useVisibleHeight(): number | null {
  const [height, setHeight] = useState<number | null>(() =>
    typeof window === 'undefined' ? null : (window.visualViewport?.height ?? null),
  );
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setHeight(vv.height);
    vv.addEventListener('resize', update);
    return () => vv.removeEventListener('resize', update);
  }, []);
  return height;
}
