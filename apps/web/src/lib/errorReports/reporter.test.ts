// @vitest-environment happy-dom
// The reporter's sending (docs/decisions/0037-errors-from-phones.md): a full batch goes at once, what
// is held goes when the page is left, by beacon — or by fetch where the beacon refuses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_BATCH } from '@portal/domain/errorReport';
import type { Noted } from './reports';

const sent: { via: string; url: string; body: { release: string; reports: { kind: string; message: string }[] } }[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.resetModules();
  history.replaceState(null, '', '/home');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function stubBeacon(accepts: boolean) {
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: string) => {
      if (accepts) sent.push({ via: 'beacon', url, body: JSON.parse(body) });
      return accepts;
    },
  });
  vi.stubGlobal('fetch', (url: string, init: { body: string }) => {
    sent.push({ via: 'fetch', url, body: JSON.parse(init.body) });
    return Promise.resolve(new Response('{}'));
  });
}

describe('the reporter', () => {
  it('drains what was noted, sends a full batch at once and the rest when the page is left', async () => {
    stubBeacon(true);
    const { adopt } = await import('./reporter');
    const pending: Noted[] = [{ what: new Error('early 13800138000') }];
    adopt(pending);
    expect(pending).toHaveLength(0);
    for (let i = 1; i < ERROR_REPORT_BATCH; i++) pending.push({ what: `boom ${i}` });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/v1/error_reports');
    expect(sent[0]!.body.reports).toHaveLength(ERROR_REPORT_BATCH);
    expect(sent[0]!.body.reports[0]!.message).toContain('Error: early <n>');
    expect(sent[0]!.body.release).toBe('dev');
    pending.push({ what: { route: 'GET /v2/card/info', status: 500, code: 50000 } });
    expect(sent).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.reports).toEqual([
      { kind: 'api', message: 'GET /v2/card/info', route: 'GET /v2/card/info', status: 500, code: 50000 },
    ]);
    // nothing held: leaving again sends nothing
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
  });

  it('falls back to fetch (keepalive) when the beacon is refused', async () => {
    stubBeacon(false);
    const { adopt } = await import('./reporter');
    const pending: Noted[] = [{ what: new TypeError('x is undefined') }];
    adopt(pending);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map((s) => s.via)).toEqual(['fetch']);
    expect(sent[0]!.body.reports[0]).toMatchObject({ kind: 'error', route: '/home' });
  });
});
