// The OneLink adapter against its fake platform (a real HTTP server on 127.0.0.1): the shared
// carrier contract, then the protocol itself (token, 12021, transid, batches, limits, failures).
import { CardState } from '@portal/contract/enums';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchTransport, type HttpRequest, type HttpResponse } from '../../http/transport';
import { CarrierError, UnknownChangeAnswer, type LineRef } from '../adapter';
import { describeCarrierContract, type CarrierFixture, type ContractLine } from '../contract';
import { OneLinkAdapter, onelinkKind, ONELINK_LIMITS } from './adapter';
import { kindOfStatus, OneLinkClient } from './client';
import { FAKE_STATUS, startOneLinkFake, type FakeOneLink, type FakeOneLinkLine, type FakeOneLinkOptions } from './fake';

const CHINA = 8 * 3600_000;
const DAY = 86_400_000;
const chinaDay = (ms: number) => new Date(ms + CHINA).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');

const CONTRACT_STOPS = {
  arrears: '000020000000',
  sim_device_separation: '020000000000',
  region_limit: '000000000200',
  // OneLink has no position for it: the platform cannot say
  not_real_named: '000000000000',
} as const;

/** A contract line in OneLink-CT's own codes. */
function inOneLink(l: ContractLine): FakeOneLinkLine {
  const status = { active: '2', stopped: '4', cancelled: '9', testable: '6', inventory: '7' }[l.service];
  return {
    iccid: l.ref.iccid,
    msisdn: l.ref.msisdn,
    imsi: l.ref.imsi,
    status,
    stopReason: l.service === 'stopped' && l.stopReason ? CONTRACT_STOPS[l.stopReason] : '000000000000',
    realNameStatus: l.realNamed ? '1' : '0',
    monthKb: l.monthKb,
    dailyKb: Object.fromEntries(Object.entries(l.dailyKb).map(([d, kb]) => [compact(d), kb])),
    apn: l.wrongApn ? 'CMNET' : 'CMIOT',
    openApns: ['CMIOT'],
  };
}

describeCarrierContract('onelink (CT)', async (): Promise<CarrierFixture> => {
  const fake = await startOneLinkFake({ variant: 'ct' });
  const adapter = onelinkKind.create(
    { name: 'contract', baseUrl: fake.baseUrl, credentials: { appid: fake.appid, password: fake.password, variant: 'ct' } },
    fetchTransport(2000),
  );
  return {
    adapter,
    addLine: async (line) => fake.addLine(inOneLink(line)),
    setDown: (down) => fake.setDown(down ? '5xx' : false),
    reports: { stopReasons: true, apn: true, imsi: true },
    close: () => fake.close(),
  };
});

// OneLink-PB does not run the contract: its list has no 可测试 or 库存 (the contract reads both), and it
// counts the month only to yesterday, so today's usage is unknown. Its own behaviour is tested below.

const open: FakeOneLink[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

async function setup(
  fakeOptions: FakeOneLinkOptions = {},
  adapterOptions: { password?: string; timeoutMs?: number; now?: () => number; sequenceStart?: number } = {},
) {
  const fake = await startOneLinkFake(fakeOptions);
  open.push(fake);
  const adapter = new OneLinkAdapter({
    baseUrl: fake.baseUrl,
    appid: fake.appid,
    password: adapterOptions.password ?? fake.password,
    variant: fakeOptions.variant ?? 'ct',
    transport: fetchTransport(adapterOptions.timeoutMs ?? 2000),
    ...(adapterOptions.now ? { now: adapterOptions.now } : {}),
    ...(adapterOptions.sequenceStart !== undefined ? { sequenceStart: adapterOptions.sequenceStart } : {}),
  });
  return { fake, adapter };
}

const refOf = (l: FakeOneLinkLine): LineRef => ({ customNum: `C${l.iccid}`, iccid: l.iccid, msisdn: l.msisdn ?? '', imsi: l.imsi ?? '' });

async function failure(p: Promise<unknown>): Promise<CarrierError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  return err as CarrierError;
}

describe('OneLink token', () => {
  it('is fetched once and shared by later and concurrent calls', async () => {
    const { fake, adapter } = await setup();
    const [a, b] = fake.bulkAdd(2).map(refOf);
    await adapter.lineState(a!);
    await Promise.all([adapter.lineState(a!), adapter.lineState(b!), adapter.monthUsage(b!)]);
    expect(fake.stats().byPath).toEqual({ '/ec/get/token': 1, '/ec/query/sim-status': 3, '/ec/query/sim-data-usage': 1 });
  });

  it('is renewed a minute before its ttl, not earlier', async () => {
    let clock = Date.now();
    const { fake, adapter } = await setup({ tokenTtlSec: 3600 }, { now: () => clock });
    const [a] = fake.bulkAdd(1).map(refOf);
    await adapter.lineState(a!);
    clock += 3600_000 - 61_000;
    await adapter.lineState(a!);
    expect(fake.stats().byPath['/ec/get/token']).toBe(1);
    clock += 2_000;
    await adapter.lineState(a!);
    expect(fake.stats().byPath['/ec/get/token']).toBe(2);
  });

  it('answered 12021 gets one new token and one retry', async () => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1).map(refOf);
    await adapter.lineState(a!);
    fake.expireAllTokens();
    fake.resetStats();
    expect((await adapter.lineState(a!)).state).toBe(CardState.Activated);
    expect(fake.stats().byPath).toEqual({ '/ec/query/sim-status': 2, '/ec/get/token': 1 });
    expect(fake.calls().map((c) => c.path)).toEqual(['/ec/query/sim-status', '/ec/get/token', '/ec/query/sim-status']);
  });

  it('refused again after the retry is an error, not a third try', async () => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1).map(refOf);
    fake.rejectAllTokens(true);
    const err = await failure(adapter.lineState(a!));
    expect(err.kind).toBe('unavailable');
    expect(err.code).toBe('12021');
    expect(fake.stats().byPath).toEqual({ '/ec/get/token': 2, '/ec/query/sim-status': 2 });
  });

  it('refused for a wrong password is an account fault (auth), for ping and for any call', async () => {
    const { fake, adapter } = await setup({}, { password: 'wrong' });
    const [a] = fake.bulkAdd(1).map(refOf);
    expect((await failure(adapter.ping())).kind).toBe('auth');
    const err = await failure(adapter.lineState(a!));
    expect(err.kind).toBe('auth');
    expect(err.code).toBe(FAKE_STATUS.badCredentials);
    expect(err.message).not.toContain('wrong');
  });

  it('ping asks the platform each time, even with a token in hand', async () => {
    const { fake, adapter } = await setup();
    await adapter.ping();
    await adapter.ping();
    expect(fake.stats().byPath['/ec/get/token']).toBe(2);
  });
});

describe('OneLink transid', () => {
  it('is appid + China time + an 8-digit sequence, never twice, wrapping after 99999999', async () => {
    const at = Date.UTC(2026, 10, 27, 16, 30, 5); // 2026-11-28 00:30:05 in China
    const { fake, adapter } = await setup({ now: () => at }, { now: () => at, sequenceStart: 99_999_998 });
    const [a] = fake.bulkAdd(1).map(refOf);
    await adapter.lineState(a!);
    await adapter.lineState(a!);
    const ids = fake.calls().map((c) => c.params.transid);
    expect(ids).toEqual(['1000012026112800300599999998', '1000012026112800300599999999', '1000012026112800300500000000']);
  });

  it('is unique across many concurrent calls and at most 48 characters', async () => {
    const { fake, adapter } = await setup();
    const refs = fake.bulkAdd(40).map(refOf);
    await Promise.all(refs.map((r) => adapter.lineState(r)));
    const ids = fake.calls().map((c) => c.params.transid!);
    expect(ids).toHaveLength(41);
    expect(new Set(ids).size).toBe(41);
    for (const id of ids) expect(id).toMatch(/^100001\d{22}$/);
  });

  it('refuses to build an account whose appid cannot fit 48 characters', () => {
    const create = (appid: string) =>
      onelinkKind.create({ name: 'x', baseUrl: '', credentials: { appid, password: 'p' } }, fetchTransport(1000));
    expect(() => create('a'.repeat(26))).not.toThrow();
    expect(() => create('a'.repeat(27))).toThrow(CarrierError);
  });
});

describe('OneLink line state', () => {
  it.each([
    // [variant, cardStatus, stopReason, state, our stop-reason spelling]
    ['ct', '1', '000000000000', CardState.AllowActivate, ''],
    ['ct', '2', '000000000000', CardState.Activated, ''],
    ['ct', '4', '000020000000', CardState.Stopped, '欠费停机'],
    ['ct', '4', '020000000200', CardState.Stopped, '机卡分离'],
    ['ct', '4', '000000000000', CardState.Stopped, ''],
    ['ct', '8', '000000000000', CardState.Other, ''],
    ['pb', '00', '000000000000', CardState.Activated, ''],
    ['pb', '01', '000020000000', CardState.Stopped, '欠费停机'],
    ['pb', '02', '000000000200', CardState.Stopped, '区域限制'],
    ['pb', '04', '000000000000', CardState.Cancelled, ''],
    ['pb', '06', '000000000000', CardState.Other, ''],
    ['pb', '07', '000000000000', CardState.AllowActivate, ''],
  ] as const)('%s %s (%s) → state %i, reason %j', async (variant, status, stopReason, state, reason) => {
    const { fake, adapter } = await setup({ variant });
    const [a] = fake.bulkAdd(1, () => ({ status, stopReason })).map(refOf);
    const s = await adapter.lineState(a!);
    expect(s).toEqual({
      state,
      rawState: status,
      stopReason: reason,
      rawStopReason: state === CardState.Stopped ? stopReason : '',
      realNamed: null,
    });
    // the stop reason is asked only for a stopped line
    expect(fake.stats().byPath['/ec/query/sim-stop-reason'] ?? 0).toBe(state === CardState.Stopped ? 1 : 0);
  });

  it('an unknown card is a line fault: 11011 on CT, state 99 on PB', async () => {
    const ct = await setup({ variant: 'ct' });
    const pb = await setup({ variant: 'pb' });
    const ghost = { customNum: 'X', iccid: '89860000000000000000', msisdn: '', imsi: '' };
    const e1 = await failure(ct.adapter.lineState(ghost));
    expect([e1.kind, e1.code]).toEqual(['line', '11011']);
    const e2 = await failure(pb.adapter.lineState(ghost));
    expect([e2.kind, e2.code]).toEqual(['line', '99']);
  });

  it('stops and resumes a PB line (00 ⇄ 02) with an order number; our stop reads 管控停机', async () => {
    const { fake, adapter } = await setup({ variant: 'pb' });
    const [a] = fake.bulkAdd(1).map(refOf);
    const order = await adapter.setService(a!, false);
    expect(order.reference).toMatch(/^ORD\d+$/);
    expect(fake.calls().at(-1)!.params.operType).toBe('0');
    expect(await adapter.lineState(a!)).toMatchObject({ state: CardState.Stopped, rawState: '02', stopReason: '管控停机' });
    await adapter.setService(a!, true);
    expect(fake.line(a!.iccid)!.status).toBe('00');
  });

  it("a change answered with a code no table names is the line's, kept for support, and asked once", async () => {
    const { fake, adapter } = await setup();
    const [a] = fake.bulkAdd(1, () => ({ status: '4' })).map(refOf);
    fake.resetStats();
    // the fake refuses a stop of a stopped line with a code of its own (the platform's is not published)
    const err = await failure(adapter.setService(a!, false));
    expect(err).toBeInstanceOf(UnknownChangeAnswer);
    expect([err.kind, err.code]).toEqual(['line', '10002']);
    expect(fake.stats().byPath['/ec/change/sim-status']).toBe(1);
    const unknownCard = await failure(adapter.setService({ ...a!, iccid: '89860000000000000000' }, true));
    expect(unknownCard).not.toBeInstanceOf(UnknownChangeAnswer);
    expect([unknownCard.kind, unknownCard.code]).toEqual(['line', '11011']);
  });
});

describe('OneLink usage', () => {
  it('splits a daily batch into calls of at most 100 cards, joined by _', async () => {
    const { fake, adapter } = await setup();
    const yesterday = chinaDay(Date.now() - DAY);
    const refs = fake.bulkAdd(250, (i) => ({ dailyKb: { [compact(yesterday)]: i * 10 } })).map(refOf);
    const got = await adapter.dailyUsage(refs, yesterday);
    const batches = fake.calls().filter((c) => c.path === '/ec/query/sim-data-usage-daily/batch');
    expect(batches.map((c) => c.params.iccids!.split('_').length)).toEqual([100, 100, 50]);
    expect(batches.every((c) => c.params.queryDate === compact(yesterday))).toBe(true);
    expect(got.size).toBe(250);
    expect(got.get(refs[137]!.customNum)).toBe(1370);
  });

  it.each([
    ['8 days ago', -8],
    ['tomorrow', 1],
  ])('refuses a day %s before calling the platform', async (_what, offset) => {
    const { fake, adapter } = await setup();
    const refs = fake.bulkAdd(2).map(refOf);
    const err = await failure(adapter.dailyUsage(refs, chinaDay(Date.now() + offset * DAY)));
    expect(err.kind).toBe('unsupported');
    expect(fake.stats().total).toBe(0);
  });

  it('asks for 7 days ago (the oldest the platform keeps)', async () => {
    const { fake, adapter } = await setup();
    const day = chinaDay(Date.now() - 7 * DAY);
    const [a] = fake.bulkAdd(1, () => ({ dailyKb: { [compact(day)]: 2048 } })).map(refOf);
    expect((await adapter.dailyUsage([a!], day)).get(a!.customNum)).toBe(2048);
  });

  it("derives today's usage (the daily batch stops at yesterday): month to now less month to yesterday", async () => {
    const at = Date.UTC(2026, 2, 10, 4, 0, 0); // 12:00 on the 10th, China time
    const { fake, adapter } = await setup({ now: () => at }, { now: () => at });
    const refs = fake.bulkAdd(3, (i) => ({ monthKb: 10_000 + i, dailyKb: { '20260310': 100 * i } })).map(refOf);
    const got = await adapter.dailyUsage(refs, '2026-03-10');
    expect([...got.values()]).toEqual([0, 100, 200]);
    expect(fake.stats().byPath).toMatchObject({ '/ec/query/sim-data-usage-monthly/batch': 1, '/ec/query/sim-data-usage': 3 });
    expect(fake.calls().find((c) => c.path.includes('monthly'))!.params.queryDate).toBe('202603');
  });

  it('on the 1st of the month today is the month so far (the month to yesterday is 0)', async () => {
    const at = Date.UTC(2026, 2, 1, 2, 0, 0); // 10:00 on 1 March, China time
    const { fake, adapter } = await setup({ now: () => at }, { now: () => at });
    const [a] = fake.bulkAdd(1, () => ({ monthKb: 5000, dailyKb: { '20260301': 5000 } })).map(refOf);
    expect((await adapter.dailyUsage([a!], '2026-03-01')).get(a!.customNum)).toBe(5000);
    const monthly = fake.calls().find((c) => c.path.includes('monthly'))!;
    expect(monthly.params.queryDate).toBe('202603');
  });

  it('leaves today out when the monthly figures stop before yesterday (not yet updated)', async () => {
    const platform = Date.UTC(2026, 2, 10, 15, 0, 0); // 23:00 on the 10th: its deadLine is the 9th
    const ours = platform + 2 * 3600_000; // 01:00 on the 11th: we need the 10th
    const { fake, adapter } = await setup({ now: () => platform }, { now: () => ours });
    const [a] = fake.bulkAdd(1, () => ({ monthKb: 5000 })).map(refOf);
    expect((await adapter.dailyUsage([a!], '2026-03-11')).size).toBe(0);
  });

  it('leaves today out on OneLink-PB (its month stops at yesterday) without a call', async () => {
    const { fake, adapter } = await setup({ variant: 'pb' });
    const [a] = fake.bulkAdd(1, () => ({ monthKb: 5000 })).map(refOf);
    expect((await adapter.dailyUsage([a!], chinaDay(Date.now()))).size).toBe(0);
    expect(fake.stats().total).toBe(0);
  });
});

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
    open.splice(open.indexOf(fake), 1);
    await fake.close();
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
