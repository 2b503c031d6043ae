import { describe, expect, it } from 'vitest';
import { SNAPSHOT_CSS_PREFIX, SNAPSHOT_KEY_PREFIX, snapshotOwner, snapshotToPaint } from './pageSnapshots';

const DAY = 24 * 3600_000;
const ENTRY = '/assets/index-1.js';
const owner = snapshotOwner('token-a', '1000000001');
const record = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ owner, entry: ENTRY, at: 1_000_000, html: '<p>93.84GB</p>', css: ['/assets/a.css', '/assets/b.css'], ...over });
/** local storage with the /flow snapshot `raw` and the stylesheets named */
const storage =
  (raw: string | null, sheets: Record<string, string> = { '/assets/a.css': 'p{color:red}', '/assets/b.css': 'p{margin:0}' }) =>
  (key: string) =>
    key === `${SNAPSHOT_KEY_PREFIX}/flow`
      ? raw
      : key.startsWith(SNAPSHOT_CSS_PREFIX)
        ? (sheets[key.slice(SNAPSHOT_CSS_PREFIX.length)] ?? null)
        : null;
const WHOLE = { html: '<p>93.84GB</p>', styles: ['p{color:red}', 'p{margin:0}'] };

describe('snapshotToPaint: this holder’s, this build’s, at most a week old', () => {
  it.each([
    ['its own snapshot, with its stylesheets in order', storage(record()), owner, ENTRY, 1_000_000 + DAY, WHOLE],
    ['six days and a bit old', storage(record()), owner, ENTRY, 1_000_000 + 7 * DAY - 1, WHOLE],
    [
      'a stylesheet not kept: the markup, to paint once the page’s own have come',
      storage(record(), { '/assets/a.css': 'p{}' }),
      owner,
      ENTRY,
      1_000_001,
      { html: '<p>93.84GB</p>', styles: null },
    ],
    [
      'kept without its stylesheets (they could not be read)',
      storage(record({ css: null })),
      owner,
      ENTRY,
      1_000_001,
      { html: '<p>93.84GB</p>', styles: null },
    ],
    [
      'a page without a stylesheet of its own',
      storage(record({ css: [] })),
      owner,
      ENTRY,
      1_000_001,
      { html: '<p>93.84GB</p>', styles: [] },
    ],
    ['a week old', storage(record()), owner, ENTRY, 1_000_000 + 7 * DAY, undefined],
    ['a little from the future (the phone’s clock put back)', storage(record()), owner, ENTRY, 999_000, WHOLE],
    ['more than a day from the future', storage(record()), owner, ENTRY, 1_000_000 - DAY, undefined],
    ['another session or holder', storage(record()), snapshotOwner('token-b', '1000000001'), ENTRY, 1_000_001, undefined],
    ['another current card', storage(record()), snapshotOwner('token-a', '1000000002'), ENTRY, 1_000_001, undefined],
    ['another build (its class names)', storage(record()), owner, '/assets/index-2.js', 1_000_001, undefined],
    ['nothing stored', storage(null), owner, ENTRY, 1_000_001, undefined],
    ['not JSON', storage('<p>'), owner, ENTRY, 1_000_001, undefined],
    ['JSON null', storage('null'), owner, ENTRY, 1_000_001, undefined],
    ['no markup', storage(record({ html: 3 })), owner, ENTRY, 1_000_001, undefined],
    ['no time', storage(record({ at: '1' })), owner, ENTRY, 1_000_001, undefined],
  ])('%s', (_, read, who, entry, now, paints) => {
    expect(snapshotToPaint(read, '/flow', who, entry, now)).toEqual(paints);
  });

  it('storage that refuses to be read paints nothing', () => {
    const refusing = () => {
      throw new Error('SecurityError');
    };
    expect(snapshotToPaint(refusing, '/flow', owner, ENTRY, 1_000_001)).toBeUndefined();
  });

  // build/firstPaint.ts puts each function's own source into index.html's inline script
  it('works from its own source alone, as the inline script runs it', () => {
    const toPaint = new Function(`return (${String(snapshotToPaint)})`)() as typeof snapshotToPaint;
    const ownerOf = new Function(`return (${String(snapshotOwner)})`)() as typeof snapshotOwner;
    expect(ownerOf('token-a', '1000000001')).toBe(owner);
    expect(toPaint(storage(record()), '/flow', owner, ENTRY, 1_000_001)).toEqual(WHOLE);
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
