import { useRef, useState, type PointerEvent } from 'react';
import { draggedBottom, clampBottom, isTap, SERVICE_BUTTON } from '../model/drag';
import styles from './FloatingServiceButton.module.css';

/** Design px → CSS px: the button scales with the rem like the rest of the layout. */
function designScale(): number {
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(root) && root > 0 ? root / 37.5 : 1;
}

interface Props {
  onOpen(): void;
  /** the page has the tab bar, whose own spacer already keeps 60px free */
  withTabBar?: boolean;
  /** the guide pages' arrow image beside the button, pointing at it (spec §2: /guide, /regtip) */
  arrow?: boolean;
}

/** Floating customer-service button: 20px from the right, 80px from the bottom, draggable up
 *  and down only (docs/spec/portal-spec.md §2). Pointer events cover touch and mouse alike.
 *  While it shows, the page ends above it (a spacer after the page, docs/decisions/0011): scrolled to
 *  the bottom, no control of the page lies under the button's default place. */
export function FloatingServiceButton({ onOpen, withTabBar = false, arrow = false }: Props) {
  const [bottom, setBottom] = useState(() => SERVICE_BUTTON.bottom * designScale());
  const drag = useRef<{ id: number; startY: number; startX: number; startBottom: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag.current = { id: e.pointerId, startY: e.clientY, startX: e.clientX, startBottom: bottom, moved: false };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved && isTap(d.startY, e.clientY, d.startX, e.clientX)) return;
    d.moved = true;
    setBottom(draggedBottom(d.startBottom, d.startY, e.clientY, window.innerHeight));
  };
  const onPointerEnd = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    // A drag ends with a click event in most browsers; it must not open the page.
    suppressClick.current = d.moved;
  };

  const bottomCss = `calc(${clampBottom(bottom, typeof window === 'undefined' ? 667 : window.innerHeight)}px + env(safe-area-inset-bottom, 0px))`;

  return (
    <>
      <div className={withTabBar ? `${styles.spacer} ${styles.spacerAboveTabBar}` : styles.spacer} aria-hidden="true" />
      <button
        type="button"
        className={styles.button}
        // above the home indicator too, as the tab bar is
        style={{ bottom: bottomCss }}
        aria-label="在线客服"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClick={() => {
          if (suppressClick.current) {
            suppressClick.current = false;
            return;
          }
          onOpen();
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path d="M12 3a8 8 0 0 0-8 8v5.5A2.5 2.5 0 0 0 6.5 19H8v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h1.9a3 3 0 0 1-2.9 2h-2v1.5h2a4.5 4.5 0 0 0 4.4-3.6A2.5 2.5 0 0 0 20 16.5V11a8 8 0 0 0-8-8z" />
        </svg>
        <span className={styles.label}>客服</span>
      </button>
      {arrow && (
        // beside the button, at its height, and following a drag; outside it so that the button's
        // name stays 在线客服, and it takes no taps (pointer-events: none)
        <span className={styles.arrow} style={{ bottom: bottomCss }} data-testid="guide-arrow" aria-hidden="true">
          <span className={styles.arrowText}>有问题点这里</span>
          <svg viewBox="0 0 48 24">
            <path d="M2 12h40M32 3l10 9-10 9" />
          </svg>
        </span>
      )}
    </>
  );
}
