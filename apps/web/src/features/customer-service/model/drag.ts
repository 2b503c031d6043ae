// Vertical-only dragging of the floating service button (docs/spec/portal-spec.md §2): the button keeps its
// 20px right offset and moves up and down, never off screen.

export const SERVICE_BUTTON = { right: 20, bottom: 80, size: 52, margin: 12 } as const;
/** Movement below this many pixels is a tap, not a drag. */
export const TAP_SLOP_PX = 6;

/** Keeps the bottom offset so the whole button stays on screen with a margin. */
export function clampBottom(
  bottom: number,
  viewportHeight: number,
  size: number = SERVICE_BUTTON.size,
  margin: number = SERVICE_BUTTON.margin,
): number {
  const max = Math.max(margin, viewportHeight - size - margin);
  return Math.min(Math.max(bottom, margin), max);
}

/** Bottom offset while dragging: the pointer moving down (clientY grows) lowers the button. */
export function draggedBottom(startBottom: number, startY: number, currentY: number, viewportHeight: number): number {
  return clampBottom(startBottom - (currentY - startY), viewportHeight);
}

export function isTap(startY: number, endY: number, startX: number = 0, endX: number = 0): boolean {
  return Math.abs(endY - startY) < TAP_SLOP_PX && Math.abs(endX - startX) < TAP_SLOP_PX;
}
