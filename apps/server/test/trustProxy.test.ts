// TRUST_PROXY (lib/trustProxy): behind a proxy, a client that writes its own X-Forwarded-For
// still counts as the address the proxy saw, so the per-address limits hold — the 30 failed
// logins an hour per address here; the SMS, quick-payment and notification limits key on the
// same req.ip. One database kind is enough: the rule is in the HTTP layer, not in SQL.
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed';
import { expectRejected } from './badInput';
import { useTestApp, type TestApp } from './harness';

const PROXY = '10.0.0.5';
const REAL_CLIENT = '203.0.113.9';

/** What the proxy forwards: the client's own header, then the address it saw. */
function viaProxy(t: TestApp, forged: string, remoteAddress = PROXY) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { login_model: 'customNum', custom_num: '1900000001', password: '1234' },
    headers: { 'x-forwarded-for': `${forged}, ${REAL_CLIENT}` },
    remoteAddress,
  });
}

async function thirtyFailuresThenBlocked(t: TestApp) {
  for (let i = 0; i < 30; i++) expect((await viaProxy(t, `198.51.100.${i}`)).json().code).toBe(10000);
  const blocked = expectRejected(await viaProxy(t, '198.51.100.200'), 429);
  expect(blocked.message).toBe('登录失败次数过多，请15分钟后再试');
}

describe.each([
  ['one hop (TRUST_PROXY=1)', 1],
  ['the proxy’s address (TRUST_PROXY=10.0.0.0/8)', ['10.0.0.0/8']],
] as const)('behind a proxy, %s', (_name, trustProxy) => {
  const t = useTestApp('sqlite', { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });

  it('a client that writes its own X-Forwarded-For is still the address the proxy saw: blocked after 30 failed logins', async () => {
    await thirtyFailuresThenBlocked(t);
    // another real client behind the same proxy goes on
    const other = await t.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { login_model: 'account', account: DEMO.account, password: DEMO.password },
      headers: { 'x-forwarded-for': '203.0.113.77' },
      remoteAddress: PROXY,
    });
    expect(other.json().code, other.body).toBe(0);
  });
});

describe('behind a proxy named by address, a direct client is not believed', () => {
  const t = useTestApp('sqlite', { trustProxy: ['10.0.0.0/8'] });

  it('X-Forwarded-For from an address that is not the proxy counts as that address', async () => {
    const direct = '192.0.2.50';
    for (let i = 0; i < 30; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { login_model: 'customNum', custom_num: '1900000001', password: '1234' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        remoteAddress: direct,
      });
      expect(res.json().code).toBe(10000);
    }
    expectRejected(await viaProxy(t, '198.51.100.1', direct), 429);
  });
});
