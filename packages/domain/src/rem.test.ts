import { describe, expect, it } from 'vitest';
import { rootFontSize } from './rem';

describe('root font size (docs/spec/portal-spec.md §9)', () => {
  it.each([
    [375, 37.5],
    [320, 32],
    [750, 75],
    [1500, 75],
    [1024, 75],
  ])('width %s → %spx', (w, px) => expect(rootFontSize(w)).toBeCloseTo(px, 5));
});
