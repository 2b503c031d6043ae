// Where the floating service button may show in full (docs/decisions/0031): only where the page's
// content has ended above it — over the room the shell keeps free at the end of every page (the
// spacer after the page) at the latest. Anywhere else something of the page may lie under it, so it
// docks: a narrow tab at the screen's right edge, inside the margin the pages keep beside their panels.

/** Whether the button, its top at `buttonTop` (viewport px), lies wholly below the end of the page's
 *  content, at `pageEnd` (viewport px). */
export function clearOfPage(pageEnd: number, buttonTop: number): boolean {
  // sub-pixel layout (a rem of 37.5 design px) must not flip it
  return pageEnd <= buttonTop + 0.5;
}
