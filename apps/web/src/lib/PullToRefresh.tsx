// Pull down at the top of the page to refresh it (home). antd-mobile's PullToRefresh brought the
// whole `ui` group into home's first load (43 kB gz: its springs and gestures, docs/decisions/0068)
// for a gesture this file does with touch events and a CSS transition: the same words, the same
// threshold, the content held down while the refresh runs.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './PullToRefresh.module.css';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const TEXT: Record<Status, string> = {
  pulling: '下拉刷新',
  canRelease: '释放立即刷新',
  refreshing: '加载中…',
  complete: '刷新成功',
};

/** How far the content follows the finger: half the finger's way, as a rubber band. */
export const pulled = (fingerDy: number, headHeight: number) => Math.min(Math.max(0, fingerDy) / 2, headHeight * 3);

export function PullToRefresh({
  onRefresh,
  threshold = 50,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  threshold?: number;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const state = useRef({ startY: 0, active: false, busy: false, height: 0 });
  // the latest callback, without re-binding the listeners on every render
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const s = state.current;
    const show = (h: number) => {
      s.height = h;
      setHeight(h);
    };
    const start = (e: TouchEvent) => {
      if (s.busy || window.scrollY > 0 || e.touches.length !== 1) return;
      s.startY = e.touches[0]!.clientY;
      s.active = true;
    };
    const move = (e: TouchEvent) => {
      if (!s.active) return;
      const dy = e.touches[0]!.clientY - s.startY;
      if (dy <= 0 || window.scrollY > 0) {
        if (s.height > 0) show(0);
        return;
      }
      // the page is at its top and the finger goes down: this is a pull, not a scroll
      if (e.cancelable) e.preventDefault();
      setDragging(true);
      const h = pulled(dy, threshold);
      show(h);
      setStatus(h >= threshold ? 'canRelease' : 'pulling');
    };
    const end = () => {
      if (!s.active) return;
      s.active = false;
      setDragging(false);
      if (s.height < threshold) {
        show(0);
        return;
      }
      s.busy = true;
      setStatus('refreshing');
      show(threshold);
      void Promise.resolve()
        .then(onRefreshRef.current)
        .then(
          () => setStatus('complete'),
          () => setStatus('pulling'),
        )
        .finally(() => {
          window.setTimeout(() => {
            show(0);
            s.busy = false;
          }, 500);
        });
    };
    el.addEventListener('touchstart', start, { passive: true });
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end);
    el.addEventListener('touchcancel', end);
    return () => {
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, [threshold]);

  return (
    <div ref={root} className={styles.root}>
      <div className={`${styles.head} ${dragging ? '' : styles.settle}`} style={{ height }} aria-live="polite">
        {height > 0 && <div className={styles.text}>{TEXT[status]}</div>}
      </div>
      {children}
    </div>
  );
}
