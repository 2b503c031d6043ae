// The security headers (helmet's, worked out once at start-up: lib/securityHeaders.ts) on every
// kind of answer: a plain route, an API success, an API error, an unknown path, the simulators' pages.
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './harness';

describe.each(databases())('security headers on %s', (kind) => {
  const t = useTestApp(kind);

  it('every answer carries the same helmet headers, with the portal’s CSP and referrer policy', async () => {
    const token = await t.loginAccount();
    const answers = [
      await t.get('/healthz'),
      await t.get('/api/v2/card/info?custom_num=1000000001', token),
      await t.get('/api/v2/card/info?custom_num=1000000001'),
      await t.get('/api/v1/nothing-here'),
      await t.get('/sim/pay/cashier/nope'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 404]);
    const first = answers[0]!.headers;
    expect(first['content-security-policy']).toContain("default-src 'self'");
    expect(first['content-security-policy']).toContain("script-src 'self'");
    expect(first['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(first).toMatchObject({
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(first['cross-origin-embedder-policy']).toBeUndefined();
    const names = ['content-security-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security'];
    for (const a of answers) for (const n of names) expect(a.headers[n], `${n} on ${a.statusCode}`).toBe(first[n]);
  });
});
