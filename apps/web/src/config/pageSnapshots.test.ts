import { describe, expect, it } from 'vitest';
import { snapshotOwner, snapshotToPaint } from './pageSnapshots';

const DAY = 24 * 3600_000;
const owner = snapshotOwner('token-a', '1000000001');
const stored = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ owner, entry: '/assets/index-1.js', at: 1_000_000, html: '<p>93.84GB</p>', ...over });

describe('snapshotToPaint: this holder’s, this build’s, at most a week old', () => {
  it.each([
    ['its own snapshot', stored(), owner, '/assets/index-1.js', 1_000_000 + DAY, '<p>93.84GB</p>'],
    ['six days and a bit old', stored(), owner, '/assets/index-1.js', 1_000_000 + 7 * DAY - 1, '<p>93.84GB</p>'],
    ['a week old', stored(), owner, '/assets/index-1.js', 1_000_000 + 7 * DAY, undefined],
    ['from the future (a clock set back)', stored(), owner, '/assets/index-1.js', 999_999, undefined],
    ['another session or holder', stored(), snapshotOwner('token-b', '1000000001'), '/assets/index-1.js', 1_000_001, undefined],
    ['another current card', stored(), snapshotOwner('token-a', '1000000002'), '/assets/index-1.js', 1_000_001, undefined],
    ['another build (its class names)', stored(), owner, '/assets/index-2.js', 1_000_001, undefined],
    ['nothing stored', null, owner, '/assets/index-1.js', 1_000_001, undefined],
    ['not JSON', '<p>', owner, '/assets/index-1.js', 1_000_001, undefined],
    ['JSON null', 'null', owner, '/assets/index-1.js', 1_000_001, undefined],
    ['no markup', stored({ html: 3 }), owner, '/assets/index-1.js', 1_000_001, undefined],
    ['no time', stored({ at: '1' }), owner, '/assets/index-1.js', 1_000_001, undefined],
  ])('%s', (_, raw, who, entry, now, paints) => {
    expect(snapshotToPaint(raw, who, entry, now)).toBe(paints);
  });

  // build/firstPaint.ts puts each function's own source into index.html's inline script
  it('works from its own source alone, as the inline script runs it', () => {
    const toPaint = new Function(`return (${String(snapshotToPaint)})`)() as typeof snapshotToPaint;
    const ownerOf = new Function(`return (${String(snapshotOwner)})`)() as typeof snapshotOwner;
    expect(ownerOf('token-a', '1000000001')).toBe(owner);
    expect(toPaint(stored(), owner, '/assets/index-1.js', 1_000_001)).toBe('<p>93.84GB</p>');
  });
});

describe('snapshotOwner', () => {
  it('tells sessions and cards apart, and does not carry the token', () => {
    const owners = new Set([
      snapshotOwner('token-a', '1000000001'),
      snapshotOwner('token-a', '1000000002'),
      snapshotOwner('token-b', '1000000001'),
      snapshotOwner('token-a', ''),
    ]);
    expect(owners.size).toBe(4);
    expect(snapshotOwner('a-long-session-token', '1')).not.toContain('session');
    expect(snapshotOwner('a-long-session-token', '1')).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
