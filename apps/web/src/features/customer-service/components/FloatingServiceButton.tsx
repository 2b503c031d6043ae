import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { clearOfPage } from '../model/dock';
import { draggedBottom, clampBottom, isTap, SERVICE_BUTTON } from '../model/drag';
import styles from './FloatingServiceButton.module.css';

/** Design px → CSS px: the button scales with the rem like the rest of the layout. */
function designScale(): number {
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(root) && root > 0 ? root / 37.5 : 1;
}

interface Props {
  onOpen(): void;
  /** the page ends with a tab bar (the app's or the device area's), whose own spacer is laid under this one */
  withTabBar?: boolean;
  /** the guide pages' arrow image beside the button, pointing at it (spec §2: /guide, /regtip) */
  arrow?: boolean;
  /** the page shown (its path): a new page is measured afresh */
  page?: string;
}

/**
 * The pages before the spacer (the shell renders them, the spacer and the button side by side). A
 * kept-alive page sits in a wrapper of its own (lib/keepAlive.tsx) that has no box while it shows
 * (`display: contents`): its page is looked for inside.
 */
function pagesBefore(spacer: HTMLElement): Element[] {
  const pages: Element[] = [];
  for (let page = spacer.previousElementSibling; page; page = page.previousElementSibling)
    if (page instanceof HTMLElement && page.style.display === 'contents') pages.push(...Array.from(page.children));
    else pages.push(page);
  return pages;
}

/**
 * Where the page's content ends (viewport px): the lowest box among the children of the pages
 * before the spacer — not a page's own box, which a min-height of a screen or a bottom padding
 * stretches over empty room. Hidden pages (a kept-alive page while another shows) and fixed bars
 * (offsetParent null) are not the page's flow, and an empty box (a tab bar's spacer) is room, not
 * content. Content that sticks out of its page below it still counts.
 */
function contentBottom(spacer: HTMLElement): number {
  let bottom = -Infinity;
  for (const page of pagesBefore(spacer)) {
    if (!(page instanceof HTMLElement) || page.offsetParent === null) continue;
    for (const part of Array.from(page.children))
      if (part instanceof HTMLElement && part.offsetParent !== null && part.firstChild)
        bottom = Math.max(bottom, part.getBoundingClientRect().bottom);
  }
  return bottom;
}

/** Floating customer-service button: 20px from the right, 80px from the bottom, draggable up
 *  and down only (docs/spec/portal-spec.md §2). Pointer events cover touch and mouse alike.
 *  It covers nothing of any page, by construction (docs/decisions/0031): the page ends with a
 *  spacer the size of the button's place, and the button shows in full only where the page's
 *  content has ended above it (over that room at the latest); wherever the page goes on under it,
 *  it docks to a narrow tab at the screen's edge, which opens the same page. */
export function FloatingServiceButton({ onOpen, withTabBar = false, arrow = false, page }: Props) {
  const [bottom, setBottom] = useState(() => SERVICE_BUTTON.bottom * designScale());
  const [docked, setDocked] = useState(false);
  // while a finger drags it, it keeps its shape; where it is let go decides
  const [dragging, setDragging] = useState(false);
  const spacer = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Measured before paint, then at every scroll, resize and change of the page (its data arriving),
  // at most once a frame.
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (dragging || !spacer.current || !button.current) return;
      setDocked(!clearOfPage(contentBottom(spacer.current), button.current.getBoundingClientRect().top));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    resized?.observe(document.body);
    // a page that keeps its height (a min-height of a screen) while its content grows inside it
    const changed = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(schedule);
    if (spacer.current?.parentElement)
      changed?.observe(spacer.current.parentElement, { childList: true, subtree: true, characterData: true, attributes: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      changed?.disconnect();
    };
  }, [bottom, page, dragging]);

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
    setDragging(true);
    setBottom(draggedBottom(d.startBottom, d.startY, e.clientY, window.innerHeight));
  };
  const onPointerEnd = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    // A drag ends with a click event in most browsers; it must not open the page.
    suppressClick.current = d.moved;
  };

  const bottomCss = `calc(${clampBottom(bottom, typeof window === 'undefined' ? 667 : window.innerHeight)}px + env(safe-area-inset-bottom, 0px))`;

  return (
    <>
      <div ref={spacer} className={withTabBar ? `${styles.spacer} ${styles.spacerAboveTabBar}` : styles.spacer} aria-hidden="true" />
      <button
        ref={button}
        type="button"
        className={docked ? `${styles.button} ${styles.docked}` : styles.button}
        data-docked={docked}
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
      {arrow && !docked && (
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
