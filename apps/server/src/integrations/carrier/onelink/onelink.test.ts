// The OneLink adapter against its fake platform (a real HTTP server on 127.0.0.1): the shared
// carrier contract, then the protocol itself (token, 12021, transid, line state, usage batches).
// Its answers read strictly and its failures: onelinkAnswers.test.ts.
import { CardState } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { fetchTransport } from '../../http/transport';
import { CarrierError, UnknownChangeAnswer } from '../adapter';
import { describeCarrierContract, type CarrierFixture } from '../contract';
import { onelinkKind } from './adapter';
import { FAKE_STATUS, startOneLinkFake } from './fake';
import { DAY, chinaDay, compact, inOneLink, refOf, failure, useOneLinkFakes } from './onelinkTesting';

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
const { setup } = useOneLinkFakes();

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
