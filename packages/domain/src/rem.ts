// Root font size (docs/spec/portal-spec.md §9): scales with viewport width over a 750 design,
// factor capped at 2, base 37.5px — i.e. 1rem = 37.5px on a 375px-wide phone.
export const REM_BASE_PX = 37.5;
export const DESIGN_WIDTH = 750;

export function rootFontSize(viewportWidth: number): number {
  const factor = Math.min((viewportWidth * 2) / DESIGN_WIDTH, 2);
  return REM_BASE_PX * factor;
}
