// China Telecom 5GCMP (CTWing): the shared carrier contract against the fake gateway, then the
// protocol itself — the Sign as the platform documents it, and each way the gateway refuses.
import { createHash } from 'node:crypto';
import { CardState } from '@portal/contract/enums';
import { ctwingSign, parseChinaTimestamp, signInput } from '@portal/domain/carrierCodes/ctwing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierAdapter, type LineRef } from '../adapter';
import { contractRef, describeCarrierContract, type ContractLine } from '../contract';
import { fetchTransport, type HttpRequest, type HttpTransport } from '../../http/transport';
import { CtwingAdapter, CTWING_LIMITS, ctwingKind } from './adapter';
import { CtwingClient, PATHS, xmlLeaf } from './client';
import { FakeCtwing, ctwingBenchLines, type FakeCtwingLine } from './fake';

const ACCOUNT = { appKey: 'ak-5gcmp-test', secret: 'd1209cfefe895364e03', custNumber: '6000012345' };
const REAL_NAME = 'https://realname.example/ct?number={msisdn}';

/** our contract's terms → the platform's own codes */
const MAIN_OF: Record<ContractLine['service'], string> = { active: '4', stopped: '5', cancelled: '7', testable: '2', inventory: '3' };

/**
 * A fresh line reference with an access number of its own. contractRef's MSISDN ('1440' + 10 digits
 * cut to 13) drops the last digit of its sequence, so refs made in the same millisecond share one;
 * the ICCID keeps them all, and the platform numbers the line from it (as a real account's lines
 * have numbers of their own). Unknown refs keep contractRef's '1440…', which no line here has.
 */
function ownNumber(ref: LineRef): LineRef {
  ref.msisdn = `141${ref.iccid.slice(4, 14)}`;
  return ref;
}
const ctRef = () => ownNumber(contractRef());

function platformLine(l: ContractLine): FakeCtwingLine {
  ownNumber(l.ref);
  return {
    accessNumber: l.ref.msisdn,
    iccid: l.ref.iccid,
    imsi: l.ref.imsi,
    mainStatus: MAIN_OF[l.service],
    authStatus: l.realNamed ? '1' : '0',
    monthKb: l.monthKb,
    dailyKb: Object.fromEntries(Object.entries(l.dailyKb).map(([day, kb]) => [day.replaceAll('-', ''), kb])),
    // a device set to a wrong APN gets its session refused: the record shows the APN it tried
    session: l.wrongApn ? { apn: 'cmiot', open: false } : { apn: 'ctnet', open: true },
  };
}

function adapterFor(fake: FakeCtwing, credentials: Record<string, string> = {}, transport: HttpTransport = fetchTransport(2_000)) {
  return ctwingKind.create(
    {
      name: 'ctwing-test',
      baseUrl: fake.url,
      credentials: {
        app_key: ACCOUNT.appKey,
        secret: ACCOUNT.secret,
        cust_number: ACCOUNT.custNumber,
        real_name_url: REAL_NAME,
        ...credentials,
      },
    },
    transport,
  );
}

describeCarrierContract('ctwing', async () => {
  const fake = await FakeCtwing.start(ACCOUNT);
  return {
    adapter: adapterFor(fake),
    addLine: async (line) => fake.addLine(platformLine(line)),
    setDown: (down) => fake.setDown(down ? 'error' : false),
    // queryCardMainStatus says 停机 but not why; getOnlineStatus says the session's APN
    reports: { stopReasons: false, apn: true, imsi: false },
    close: () => fake.close(),
  };
});

const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as CarrierError,
  );

describe('CTWing protocol', () => {
  let fake: FakeCtwing;
  let adapter: CarrierAdapter;
  let ref: LineRef;
  const seen: HttpRequest[] = [];

  beforeAll(async () => {
    fake = await FakeCtwing.start({ ...ACCOUNT, callsPerSecond: 1000 });
    const base = fetchTransport(2_000);
    adapter = adapterFor(fake, {}, (req) => {
      seen.push(req);
      return base(req);
    });
    ref = ctRef();
    fake.addLine({
      accessNumber: ref.msisdn,
      iccid: ref.iccid,
      mainStatus: '4',
      authStatus: '1',
      monthKb: 3 * 1024,
      session: { apn: 'ctnet', open: true },
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('signs every request as the platform documents it (AppKey, China-time Timestamp, Sign)', async () => {
    seen.length = 0;
    const before = Date.now();
    await adapter.lineState(ref);
    const req = seen[0]!;
    const url = new URL(req.url);
    expect(url.pathname).toBe(PATHS.mainStatus);
    expect(req.headers.AppKey).toBe(ACCOUNT.appKey);
    const ts = req.headers.Timestamp!;
    expect(ts).toMatch(/^\d{14}$/);
    // China time, to the second: the instant it names is the moment of the call
    expect(Math.abs(parseChinaTimestamp(ts)! - before)).toBeLessThan(2_000);
    expect(ts).toBe(new Date(parseChinaTimestamp(ts)! + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14));
    // recomputed here step by step: sorted query + body ('' for a GET) + secret + timestamp,
    // md5 as lower-case hex, then each of its characters as two upper-case hex digits
    const input = `access_number=${ref.msisdn}${ACCOUNT.secret}${ts}`;
    const md5 = createHash('md5').update(input).digest('hex');
    expect(req.headers.Sign).toBe(Buffer.from(md5, 'ascii').toString('hex').toUpperCase());
  });

  it('computes the published example Sign with real md5', async () => {
    const calls: HttpRequest[] = [];
    const client = new CtwingClient({
      appKey: 'k',
      secret: 'd1209cfefe895364e03',
      custNumber: 'c',
      transport: async (req) => {
        calls.push(req);
        return { status: 200, headers: {}, body: '{"code":0,"msg":"ok","data":[]}' };
      },
      // 2020-11-01 02:14:35 China time
      now: () => Date.UTC(2020, 9, 31, 18, 14, 35),
    });
    await client.dayKb([], '20201031');
    expect(calls[0]!.headers.Timestamp).toBe('20201101021435');
    // the published example through our Sign with node's md5 (query given unsorted)
    const md5hex = (t: string) => createHash('md5').update(t, 'utf8').digest('hex');
    const example = signInput(
      [
        ['c', '3'],
        ['a', '1'],
        ['b', '2'],
      ],
      '{"name":"xf","age":"dd"}',
      'd1209cfefe895364e03',
      '20201101021435',
    );
    expect(ctwingSign(md5hex, example)).toBe('3863613035653132306631333231313733383637376333326536316631643934');
    // and the client signs its POST body exactly as sent
    const sent = createHash('md5').update(`${calls[0]!.body}d1209cfefe895364e0320201101021435`).digest('hex');
    expect(calls[0]!.headers.Sign).toBe(Buffer.from(sent).toString('hex').toUpperCase());
  });

  it('a wrong secret is an account fault (auth), with the gateway code', async () => {
    const err = await caught(adapterFor(fake, { secret: 'not-the-secret' }).lineState(ref));
    expect(err).toBeInstanceOf(CarrierError);
    expect([err!.kind, err!.code]).toEqual(['auth', '1002']);
  });

  it('an unknown AppKey is an account fault (auth)', async () => {
    const err = await caught(adapterFor(fake, { app_key: 'someone-else' }).ping());
    expect([err!.kind, err!.code]).toEqual(['auth', '1001']);
  });

  it('a stale Timestamp (a wrong clock) is refused as an account fault', async () => {
    const client = new CtwingClient({
      ...ACCOUNT,
      transport: fetchTransport(2_000),
      baseUrl: fake.url,
      now: () => Date.now() - 10 * 60_000,
    });
    const err = await caught(new CtwingAdapter({ client, apn: 'ctnet', realNameUrl: '' }).lineState(ref));
    expect([err!.kind, err!.code]).toEqual(['auth', '1003']);
  });

  it('over the calls-per-second limit is a rate fault, and the fake counts every call', async () => {
    fake.resetCalls();
    fake.setCallsPerSecond(2);
    try {
      const errs = await Promise.all(Array.from({ length: 10 }, () => caught(adapter.lineState(ref))));
      const refused = errs.filter((e) => e !== null);
      // 10 calls land in at most two seconds: at most 4 get through
      expect(refused.length).toBeGreaterThanOrEqual(6);
      for (const e of refused) expect([e!.kind, e!.code]).toEqual(['rate', '1004']);
      expect(fake.calls().total).toBe(10);
      expect(fake.calls().peakPerSecond).toBeGreaterThanOrEqual(5);
    } finally {
      fake.setCallsPerSecond(1000);
    }
  });

  it('an answer it cannot read is malformed', async () => {
    fake.setMalformed(true);
    try {
      expect((await caught(adapter.lineState(ref)))?.kind).toBe('malformed');
      expect((await caught(adapter.monthUsage(ref)))?.kind).toBe('malformed');
      expect((await caught(adapter.setService(ref, false)))?.kind).toBe('malformed');
    } finally {
      fake.setMalformed(false);
    }
  });

  it('a slow platform times out as unavailable', async () => {
    fake.setSlow(1_000);
    try {
      const err = await caught(adapterFor(fake, {}, fetchTransport(100)).lineState(ref));
      expect(err?.kind).toBe('unavailable');
    } finally {
      fake.setSlow(0);
    }
  });

  it.each(['error', 'reset'] as const)('a platform that is down (%s) is unavailable', async (mode) => {
    fake.setDown(mode);
    try {
      expect((await caught(adapter.lineState(ref)))?.kind).toBe('unavailable');
    } finally {
      fake.setDown(false);
    }
    expect((await adapter.lineState(ref)).state).toBe(CardState.Activated);
  });

  it('an unknown number is a line fault in every call', async () => {
    const stranger = contractRef();
    for (const p of [
      adapter.lineState(stranger),
      adapter.monthUsage(stranger),
      adapter.lineTest(stranger),
      adapter.setService(stranger, false),
    ]) {
      const err = await caught(p);
      expect(err?.kind).toBe('line');
      expect(err?.code).toMatch(/^-\d+$/);
    }
    await expect(adapter.dailyUsage([stranger], new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))).resolves.toEqual(
      new Map(),
    );
  });

  it('cuts and restores the network: the line changes, each order has its transaction number', async () => {
    const r = ctRef();
    fake.addLine({ accessNumber: r.msisdn, iccid: r.iccid, mainStatus: '4', authStatus: '1', session: { apn: 'ctnet', open: true } });
    const cut = await adapter.setService(r, false);
    expect(cut.reference).toMatch(/^1000000190\d{18}$/);
    expect(fake.line(r.msisdn)).toMatchObject({ netBlocked: true, session: { open: false } });
    expect(await adapter.lineState(r)).toMatchObject({ state: CardState.Stopped, rawState: '4', rawStopReason: '已断网' });
    // cutting again: the platform refuses the repeat order
    expect(await caught(adapter.setService(r, false))).toMatchObject({ kind: 'line', code: '-9' });
    await adapter.setService(r, true);
    expect(fake.line(r.msisdn)).toMatchObject({ netBlocked: false, session: { open: true } });
    expect((await adapter.lineState(r)).state).toBe(CardState.Activated);
  });

  it('reads a line by its ICCID when the access number is not known', async () => {
    seen.length = 0;
    const s = await adapter.lineState({ ...ref, msisdn: '' });
    expect(s.state).toBe(CardState.Activated);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([PATHS.telephone, PATHS.mainStatus]);
    expect((await caught(adapter.lineState({ ...contractRef(), msisdn: '' })))?.kind).toBe('line');
  });

  it('reads a day for many lines 100 a call, and refuses a day the platform no longer keeps', async () => {
    const refs = Array.from({ length: 250 }, () => ctRef());
    const day = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    fake.addLines(
      refs.map((r, i) => ({
        accessNumber: r.msisdn,
        iccid: r.iccid,
        mainStatus: '4',
        authStatus: '1',
        dailyKb: { [day.replaceAll('-', '')]: i * 1024 },
      })),
    );
    seen.length = 0;
    const got = await adapter.dailyUsage(refs, day);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([PATHS.flowByDate, PATHS.flowByDate, PATHS.flowByDate]);
    expect(JSON.parse(seen[0]!.body!)).toMatchObject({ custNumber: ACCOUNT.custNumber, date: day.replaceAll('-', '') });
    expect(got.size).toBe(250);
    expect(got.get(refs[249]!.customNum)).toBe(249 * 1024);
    const tooOld = new Date(Date.now() + 8 * 3600_000 - (CTWING_LIMITS.dailyHistoryDays + 1) * 86_400_000).toISOString().slice(0, 10);
    expect((await caught(adapter.dailyUsage(refs.slice(0, 1), tooOld)))?.kind).toBe('unsupported');
  });

  it("opens the account's real-name page for the line, and says so when there is none", async () => {
    await expect(adapter.realNameStart(ref, 1)).resolves.toEqual({
      url: `https://realname.example/ct?number=${ref.msisdn}`,
      reference: '',
    });
    expect((await caught(adapterFor(fake, { real_name_url: '' }).realNameStart(ref, 1)))?.kind).toBe('unsupported');
  });

  it('tests a line with no session record as not registered', async () => {
    const r = ctRef();
    fake.addLine({ accessNumber: r.msisdn, iccid: r.iccid, mainStatus: '1', authStatus: '0', session: null });
    await expect(adapter.lineTest(r)).resolves.toEqual({ registered: false, dataSession: false, apn: '', expectedApn: 'ctnet' });
  });

  it('refuses an account without its credentials', () => {
    expect(() => ctwingKind.create({ name: 'x', baseUrl: '', credentials: { app_key: 'k', secret: 's' } }, fetchTransport())).toThrow(
      CarrierError,
    );
  });

  // (100,000 lines, and how fast, are `npm run bench:fakes`' business, not a timed unit test's)
  it('holds lines added at once in bulk, and still answers for the last', async () => {
    const big = await FakeCtwing.start(ACCOUNT);
    try {
      big.addLines(ctwingBenchLines(5_000));
      expect(big.size).toBe(5_000);
      const last: LineRef = { customNum: 'x', iccid: '', msisdn: String(1_410_000_000_000 + 4_999), imsi: '' };
      expect((await adapterFor(big).lineState(last)).state).toBe(CardState.Activated);
      expect(big.calls().total).toBe(1);
    } finally {
      await big.close();
    }
  });

  it('reads the flat XML answers by their leaf names', () => {
    const xml =
      '<root><web:R xmlns:web="x"><IRESULT>0</IRESULT><TOTAL_BYTES_CNT>1.00MB</TOTAL_BYTES_CNT><D></D><M>a &amp; b</M></web:R></root>';
    expect(xmlLeaf(xml, 'IRESULT')).toBe('0');
    expect(xmlLeaf(xml, 'TOTAL_BYTES_CNT')).toBe('1.00MB');
    expect(xmlLeaf(xml, 'D')).toBe('');
    expect(xmlLeaf(xml, 'M')).toBe('a & b');
    expect(xmlLeaf(xml, 'R')).toBeNull();
    expect(xmlLeaf('{"IRESULT":"0"}', 'IRESULT')).toBeNull();
  });
});
