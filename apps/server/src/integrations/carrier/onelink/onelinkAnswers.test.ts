// The OneLink adapter against its fake platform: card test and real name, failures (down, slow,
// limits), answers read strictly, the account kind's checks, and the fake keeping the platform's rules.
import { CardState } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { fetchTransport, type HttpRequest, type HttpResponse } from '../../http/transport';
import { CarrierError } from '../adapter';
import { OneLinkAdapter, onelinkKind, ONELINK_LIMITS } from './adapter';
import { kindOfStatus, OneLinkClient } from './client';
import { FAKE_STATUS, type FakeOneLink } from './fake';
import { CHINA, DAY, chinaDay, compact, refOf, failure, useOneLinkFakes } from './onelinkTesting';

const { setup, closeNow } = useOneLinkFakes();

describe('OneLink card test, real name', () => {
  it.each([
    // [what, line, registered, data session, apn, expected]
    ['in service on its APN', {}, true, true, 'CMIOT', 'CMIOT'],
    ['on a second open APN', { apn: 'CMIOT2', openApns: ['CMIOT', 'CMIOT2'] }, true, true, 'CMIOT2', 'CMIOT2'],
    ['set to a wrong APN', { apn: 'CMNET' }, true, false, '', 'CMIOT'],
    ['switched off', { poweredOn: false }, false, false, '', 'CMIOT'],
    ['stopped', { status: '4' }, false, false, '', 'CMIOT'],
  ] as const)('a line %s', async (_what, line, registered, dataSession, apn, expectedApn) => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1, () => ({ ...line, openApns: [...(('openApns' in line && line.openApns) || ['CMIOT'])] })).map(refOf);
    expect(await adapter.lineTest(a!)).toEqual({ registered, dataSession, apn, expectedApn });
  });

  it.each([
    [1, '1'],
    [0, '2'],
  ])('real-name mode %i asks for urlType %s and keeps busiSeq', async (mode, urlType) => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1, () => ({ realNameStatus: '0' })).map(refOf);
    const start = await adapter.realNameStart(a!, mode);
    expect(start.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/h5\/real-name\?busiSeq=/);
    expect(start.reference).toMatch(/^RN/);
    expect(fake.calls().at(-1)!.params.urlType).toBe(urlType);
  });
});

describe('OneLink failures', () => {
  it('over the calls-per-second limit is rate, with the platform code', async () => {
    const at = Date.now();
    const { fake, adapter } = await setup({ callsPerSecond: 3, now: () => at });
    const [a] = fake.bulkAdd(1).map(refOf);
    await adapter.lineState(a!); // token + 1
    await adapter.lineState(a!); // 3
    const err = await failure(adapter.lineState(a!));
    expect([err.kind, err.code]).toEqual(['rate', FAKE_STATUS.overLimit]);
    expect(fake.stats().peakPerSecond).toBe(4);
  });

  it('an answer that is not JSON is malformed', async () => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1).map(refOf);
    await adapter.ping();
    fake.setMalformed(true);
    expect((await failure(adapter.lineState(a!))).kind).toBe('malformed');
  });

  it.each(['5xx', 'reset'] as const)('a platform that is down (%s) is unavailable', async (mode) => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1).map(refOf);
    fake.setDown(mode);
    expect((await failure(adapter.lineState(a!))).kind).toBe('unavailable');
  });

  it('a platform slower than the transport allows is unavailable', async () => {
    const { fake, adapter } = await setup({}, { timeoutMs: 100 });
    const [a] = fake.bulkAdd(1).map(refOf);
    fake.setSlow(400);
    expect((await failure(adapter.lineState(a!))).kind).toBe('unavailable');
  });

  it('a closed port is unavailable', async () => {
    const { fake, adapter } = await setup();
    await closeNow(fake);
    expect((await failure(adapter.ping())).kind).toBe('unavailable');
  });
});

describe('OneLink answers read strictly', () => {
  /** A transport that issues a token, then answers every call with `body`. */
  const stub =
    (body: string, status = 200) =>
    async (req: HttpRequest): Promise<HttpResponse> => {
      if (req.url.includes('/ec/get/token'))
        return { status: 200, headers: {}, body: '{"status":"0","message":"正确","result":[{"token":"t","ttl":"3600"}]}' };
      return { status, headers: {}, body };
    };
  const ref = { customNum: 'C1', iccid: '89860000000000000001', msisdn: '', imsi: '' };
  const adapterFor = (body: string, status?: number) =>
    new OneLinkAdapter({
      baseUrl: 'https://onelink.test/v5/',
      appid: '100001',
      password: 'p',
      variant: 'ct',
      transport: stub(body, status),
    });

  it.each([
    // [what, HTTP status, body, kind]
    ['an empty body', 200, '', 'malformed'],
    ['a JSON array', 200, '[]', 'malformed'],
    ['no status', 200, '{"message":"正确","result":[]}', 'malformed'],
    ['no result list', 200, '{"status":"0","message":"正确"}', 'malformed'],
    ['an empty result', 200, '{"status":"0","message":"正确","result":[]}', 'malformed'],
    ['no cardStatus', 200, '{"status":"0","message":"正确","result":[{}]}', 'malformed'],
    ['an unknown code', 200, '{"status":"19999","message":"?","result":[]}', 'unavailable'],
    ['HTTP 429', 429, '', 'rate'],
    ['HTTP 403', 403, '', 'auth'],
    ['HTTP 404', 404, '<html></html>', 'unavailable'],
  ])('%s → %s', async (_what, status, body, kind) => {
    expect((await failure(adapterFor(body, status).lineState(ref))).kind).toBe(kind);
  });

  it('a numeric cardStatus is read as its code', async () => {
    expect((await adapterFor('{"status":0,"message":"正确","result":[{"cardStatus":2}]}').lineState(ref)).state).toBe(CardState.Activated);
  });

  it.each([
    ['a usage that is not a number', '{"status":"0","result":[{"dataAmount":"abc"}]}'],
    ['a negative usage', '{"status":"0","result":[{"dataAmount":"-1"}]}'],
  ])('%s is malformed', async (_what, body) => {
    expect((await failure(adapterFor(body).monthUsage(ref))).kind).toBe('malformed');
  });

  it('a real-name address that is not a web address is malformed', async () => {
    const a = adapterFor('{"status":"0","result":[{"busiSeq":"1","url":"javascript:alert(1)"}]}');
    expect((await failure(a.realNameStart(ref, 1))).kind).toBe('malformed');
  });

  it('a token answer without a ttl is malformed', async () => {
    const client = new OneLinkClient({
      baseUrl: 'https://onelink.test/v5',
      appid: '100001',
      password: 'p',
      transport: async () => ({ status: 200, headers: {}, body: '{"status":"0","result":[{"token":"t"}]}' }),
    });
    expect((await failure(client.token())).kind).toBe('malformed');
  });

  it.each([
    ['11011', 'line'],
    ['12011', 'rate'],
    ['12021', 'unavailable'],
    ['10001', 'unavailable'],
  ] as const)('status %s is %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });
});

describe('OneLink account kind', () => {
  it('declares its fields and the limits', () => {
    expect(onelinkKind.fields.map((f) => [f.name, f.secret, f.required])).toEqual([
      ['appid', false, true],
      ['password', true, true],
      ['variant', false, false],
    ]);
    expect(onelinkKind.fields[2]!.choices).toEqual(['ct', 'pb']);
    expect(onelinkKind.defaultBaseUrl).toBe('https://api.iot.10086.cn/v5');
    expect(ONELINK_LIMITS).toEqual({ callsPerSecond: 5, concurrency: 2, dailyBatchSize: 100, dailyHistoryDays: 7, dailySettleDays: 2 });
  });

  it.each([
    ['no password', { appid: '100001' }],
    ['no appid', { password: 'p' }],
    ['an unknown variant', { appid: '100001', password: 'p', variant: 'xx' }],
    ['an appid with a symbol', { appid: '1000-01', password: 'p' }],
  ])('refuses %s as an account fault', (_what, credentials) => {
    let err: unknown;
    try {
      onelinkKind.create({ name: 'x', baseUrl: '', credentials }, fetchTransport(1000));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).kind).toBe('auth');
  });
});

describe('the fake keeps the platform rules', () => {
  async function raw(fake: FakeOneLink, path: string, params: Record<string, string>) {
    const res = await fetch(`${fake.baseUrl}${path}?${new URLSearchParams(params).toString()}`);
    return (await res.json()) as { status: string; result: unknown[] };
  }
  const transid = (fake: FakeOneLink, seq: number) =>
    `${fake.appid}${new Date(Date.now() + CHINA).toISOString().replace(/\D/g, '').slice(0, 14)}${String(seq).padStart(8, '0')}`;

  it('refuses a bad transid, a reused one, a wrong token, a batch of 101 and a day outside the window', async () => {
    const { fake } = await setup();
    // the same string reused (a transid names its second: made again later it would be a new one)
    const first = transid(fake, 1);
    const tok = await raw(fake, '/ec/get/token', { appid: fake.appid, password: fake.password, transid: first });
    const token = (tok.result[0] as { token: string }).token;
    const [a] = fake.bulkAdd(1);
    const ids = fake.bulkAdd(101).map((l) => l.iccid);
    const today = compact(chinaDay(Date.now()));
    const yesterday = compact(chinaDay(Date.now() - DAY));
    expect((await raw(fake, '/ec/query/sim-status', { transid: `${fake.appid}2026`, token, iccid: a!.iccid })).status).toBe(
      FAKE_STATUS.badParameter,
    );
    expect((await raw(fake, '/ec/query/sim-status', { transid: first, token, iccid: a!.iccid })).status).toBe(FAKE_STATUS.badParameter);
    expect((await raw(fake, '/ec/query/sim-status', { transid: transid(fake, 2), token: 'nope', iccid: a!.iccid })).status).toBe('12021');
    expect(
      (await raw(fake, '/ec/query/sim-status', { transid: transid(fake, 3), token, iccid: a!.iccid, msisdn: a!.msisdn! })).status,
    ).toBe(FAKE_STATUS.badParameter);
    const daily = (seq: number, iccids: string[], queryDate: string) =>
      raw(fake, '/ec/query/sim-data-usage-daily/batch', { transid: transid(fake, seq), token, iccids: iccids.join('_'), queryDate });
    expect((await daily(4, ids, yesterday)).status).toBe(FAKE_STATUS.badParameter);
    expect((await daily(5, ids.slice(0, 100), yesterday)).status).toBe('0');
    expect((await daily(6, ids.slice(0, 1), today)).status).toBe(FAKE_STATUS.badParameter);
    expect((await daily(7, ids.slice(0, 1), compact(chinaDay(Date.now() - 8 * DAY)))).status).toBe(FAKE_STATUS.badParameter);
    expect((await raw(fake, '/ec/get/token', { appid: fake.appid, password: 'x', transid: transid(fake, 8) })).status).toBe(
      FAKE_STATUS.badCredentials,
    );
  });

  // (100,000 lines, and how fast, are `npm run bench:fakes`' and bench:sync's business, not a timed test's)
  it('adds many distinct lines at once', async () => {
    const { fake } = await setup();
    const lines = fake.bulkAdd(2_000);
    expect(new Set(lines.map((l) => l.iccid)).size).toBe(2_000);
    expect(new Set(lines.map((l) => l.msisdn)).size).toBe(2_000);
    expect(fake.line(lines[1_999]!.iccid)!.status).toBe('2');
  });
});
