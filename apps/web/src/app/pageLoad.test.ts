import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, loadPage, mayReload, RELOAD_WINDOW_MS, type PageLoadEnv } from './pageLoad';

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://x/assets/Mine-a.js'), true],
    ['Safari', new TypeError('Importing a module script failed.'), true],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/a.js'), true],
    ['a page stylesheet (Vite preload)', new Error('Unable to preload CSS for http://x/assets/Mine-a.css'), true],
    ['a render bug', new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    ['not an error', 'Failed to fetch dynamically imported module', false],
  ])('%s', (_n, err, expected) => {
    expect(isChunkLoadError(err)).toBe(expected);
  });
});

describe('mayReload: once per window, never in a loop', () => {
  it.each([
    ['never reloaded', undefined, 1_000_000, true],
    ['just reloaded', 1_000_000 - 1_000, 1_000_000, false],
    ['reloaded at the edge of the window', 1_000_000 - RELOAD_WINDOW_MS, 1_000_000, false],
    ['reloaded long ago', 1_000_000 - RELOAD_WINDOW_MS - 1, 1_000_000, true],
    ['a corrupt mark', Number.NaN, 1_000_000, true],
  ])('%s', (_n, last, now, expected) => {
    expect(mayReload(last, now)).toBe(expected);
  });
});

describe('loadPage', () => {
  const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://x/a.js');
  const env = (over: Partial<PageLoadEnv> = {}): PageLoadEnv => ({
    online: () => true,
    serverAnswers: async () => true,
    lastReloadAt: () => undefined,
    reload: vi.fn(),
    now: () => 1_000_000,
    ...over,
  });
  const settled = (p: Promise<unknown>) =>
    Promise.race([
      p.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);

  it('returns the module when the import works', async () => {
    await expect(loadPage(async () => 'module', false, env())).resolves.toBe('module');
  });

  it.each([
    ['offline: the failure block, no reload', { online: () => false }, false, 'rejected', 0],
    ['the server does not answer: the failure block', { serverAnswers: async () => false }, false, 'rejected', 0],
    ['the server answers (a new release): reloads and keeps waiting', {}, false, 'pending', 1],
    ['reloaded a moment ago: no second reload', { lastReloadAt: () => 1_000_000 - 5_000 }, false, 'rejected', 0],
    ['reloaded a moment ago but the user tapped 重试: reloads', { lastReloadAt: () => 1_000_000 - 5_000 }, true, 'pending', 1],
  ] as const)('%s', async (_n, over, userRetry, outcome, reloads) => {
    const e = env(over as Partial<PageLoadEnv>);
    expect(await settled(loadPage(() => Promise.reject(chunkError()), userRetry, e))).toBe(outcome);
    expect(e.reload).toHaveBeenCalledTimes(reloads);
  });

  it('a render bug is not a load failure: passed on, no reload', async () => {
    const e = env();
    await expect(loadPage(() => Promise.reject(new RangeError('bug')), false, e)).rejects.toThrow('bug');
    expect(e.reload).not.toHaveBeenCalled();
  });
});
