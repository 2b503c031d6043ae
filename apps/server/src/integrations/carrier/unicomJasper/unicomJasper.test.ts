// China Unicom Jasper Control Center REST: the shared carrier contract against the fake Control
// Center (with the same account's CMP app for daily usage and real-name), then the protocol —
// Basic auth, Control Center's limits, each refusal mapped to the kind the sync engine acts on.
import { CardState } from '@portal/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport, type HttpRequest, type HttpTransport } from '../../http/transport';
import { CarrierError, type CarrierAdapter, type LineRef } from '../adapter';
import { contractRef, describeCarrierContract } from '../contract';
import { CmpFake, cmpLineOf } from '../unicomCmp/fake';
import { unicomJasperKind, UnicomJasperAdapter } from './adapter';
import { JasperFake, jasperLineOf, type JasperFakeLine } from './fake';

const USER = { username: 'cu_reseller_api', apiKey: '6810913e-d29c-4418-b60a-ddbf3aa87178' };
const CMP = { appId: 'azjJ2DKEhQ', appSecret: 'c8P00UiFwiBqHHWxU1iSV1ok0iCwUY', openId: '46027ouagaXQO3R' };
function adapterFor(url: string, transport: HttpTransport, credentials: Partial<Record<string, string>> = {}): CarrierAdapter {
  return unicomJasperKind.create(
    {
      name: 'jasper-test',
      baseUrl: url,
      credentials: { username: USER.username, api_key: USER.apiKey, ...credentials } as Record<string, string>,
    },
    transport,
  );
}

// The fakes' limits are lifted for the contract: the adapter does not throttle (the sync engine does).
describeCarrierContract('unicom_jasper (+ the account’s CMP app)', async () => {
  const jasper = await JasperFake.start({ ...USER, callsPerSecond: 10_000, concurrency: 1 });
  const cmp = await CmpFake.start({ ...CMP, callsPerSecond: 10_000 });
  return {
    adapter: adapterFor(jasper.baseUrl, fetchTransport(2000), {
      cmp_app_id: CMP.appId,
      cmp_app_secret: CMP.appSecret,
      cmp_open_id: CMP.openId,
      cmp_base_url: cmp.baseUrl,
      real_name_url: 'https://smz.example.cn/h5?iccid={iccid}',
    }),
    addLine: async (line) => {
      jasper.addLine(jasperLineOf(line));
      cmp.addLine(cmpLineOf(line));
    },
    setDown: (down) => jasper.setDown(down ? '5xx' : false),
    reports: { stopReasons: false, apn: false, imsi: true },
    close: async () => {
      await jasper.close();
      await cmp.close();
    },
  };
});

describe('unicom_jasper protocol', () => {
  let fake: JasperFake;
  let adapter: CarrierAdapter;
  const seen: HttpRequest[] = [];
  const recording: HttpTransport = (req) => {
    seen.push(req);
    return fetchTransport(2000)(req);
  };
  const line = (ref: LineRef, over: Partial<JasperFakeLine> = {}): JasperFakeLine => ({
    iccid: ref.iccid,
    msisdn: ref.msisdn,
    imsi: ref.imsi,
    status: 'ACTIVATED',
    ctdDataUsage: 3 * 1024 * 1024,
    session: { ipAddress: '10.64.0.9', apn: 'scuiot', dateSessionStarted: '2026-11-27 01:00:00.000+0000', dateSessionEnded: null },
    ...over,
  });
  const kindOf = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (e: unknown) => (e instanceof CarrierError ? `${e.kind}:${e.code}` : String(e)),
    );

  beforeAll(async () => {
    fake = await JasperFake.start({ ...USER, callsPerSecond: 10_000, concurrency: 1 });
    adapter = adapterFor(fake.baseUrl, recording, { real_name_url: '/real-name/unicom' });
  });
  afterAll(() => fake.close());

  it('asks with HTTP Basic (user:API key) on the documented paths', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    seen.length = 0;
    await adapter.lineState(ref);
    await adapter.monthUsage(ref);
    await adapter.lineTest(ref);
    await adapter.ping();
    const basic = `Basic ${Buffer.from(`${USER.username}:${USER.apiKey}`).toString('base64')}`;
    expect(seen.map((r) => [r.method, r.url.slice(fake.url.length)])).toEqual([
      ['GET', `/rws/api/v1/devices/${ref.iccid}`],
      ['GET', `/rws/api/v1/devices/${ref.iccid}/ctdUsages`],
      ['GET', `/rws/api/v1/devices/${ref.iccid}`],
      ['GET', `/rws/api/v1/devices/${ref.iccid}/sessionInfo`],
      ['GET', '/rws/api/v1/echo/portal'],
    ]);
    for (const r of seen) expect(r.headers).toEqual({ authorization: basic, accept: 'application/json' });
  });

  it('changes the status with PUT {"status": …} and reads it back', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    seen.length = 0;
    await expect(adapter.setService(ref, false)).resolves.toEqual({ reference: '' });
    expect(seen[0]).toMatchObject({ method: 'PUT', body: '{"status":"DEACTIVATED"}', headers: { 'content-type': 'application/json' } });
    expect(fake.line(ref.iccid)!.status).toBe('DEACTIVATED');
    await adapter.setService(ref, true);
    expect(seen[1]!.body).toBe('{"status":"ACTIVATED"}');
    expect((await adapter.lineState(ref)).state).toBe(CardState.Activated);
  });

  it('refuses a wrong API key as auth (10000001), and no key at all too', async () => {
    const wrong = adapterFor(fake.baseUrl, fetchTransport(2000), { api_key: 'wrong' });
    expect(await kindOf(wrong.ping())).toBe('auth:10000001');
    const bare: HttpTransport = (req) => fetchTransport(2000)({ ...req, headers: { accept: 'application/json' } });
    expect(await kindOf(adapterFor(fake.baseUrl, bare).ping())).toBe('auth:');
  });

  it('is refused with 429 above 5 calls a second and when a second call is in flight', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    fake.setLimits(5, 1);
    try {
      const kinds: string[] = [];
      for (let i = 0; i < 7; i++) kinds.push(await kindOf(adapter.lineState(ref)));
      expect(kinds.slice(0, 5)).toEqual(Array(5).fill('resolved'));
      expect(kinds.slice(5)).toEqual(['rate:40000029', 'rate:40000029']);
      fake.setLimits(5, 1); // a fresh second
      // the adapter does not hold calls back (the sync engine does): two at once while the platform
      // takes its time, and the second is refused
      fake.setSlow(100);
      const both = await Promise.all([kindOf(adapter.lineState(ref)), kindOf(adapter.lineState(ref))]);
      expect(both.sort()).toEqual(['rate:40000029', 'resolved']);
      expect(fake.calls.peakConcurrent).toBeGreaterThanOrEqual(2);
    } finally {
      fake.setSlow(0);
      fake.setLimits(10_000, 1);
    }
  });

  it('says malformed when the answer is cut off', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    fake.setMalformed(true);
    try {
      expect(await kindOf(adapter.lineState(ref))).toBe('malformed:');
    } finally {
      fake.setMalformed(false);
    }
  });

  it('says unavailable when connections are cut and on a timeout', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    fake.setDown('reset');
    expect(await kindOf(adapter.lineState(ref))).toBe('unavailable:');
    fake.setDown(false);
    fake.setSlow(1000);
    try {
      expect(await kindOf(adapterFor(fake.baseUrl, fetchTransport(150)).lineState(ref))).toBe('unavailable:');
    } finally {
      fake.setSlow(0);
    }
  });

  it('refuses an unknown ICCID as a line fault', async () => {
    const ref = contractRef();
    expect(await kindOf(adapter.lineState(ref))).toBe('line:10000003');
    expect(await kindOf(adapter.setService(ref, true))).toBe('line:10000003');
    expect(await kindOf(adapter.monthUsage({ ...ref, iccid: 'not-an-iccid' }))).toBe('line:10000003');
  });

  it('keeps an unknown status as Other with the raw name', async () => {
    const ref = contractRef();
    fake.addLine(line(ref, { status: 'REPLACED' }));
    expect(await adapter.lineState(ref)).toEqual({
      state: CardState.Other,
      rawState: 'REPLACED',
      stopReason: '',
      rawStopReason: '',
      realNamed: null,
      imsi: ref.imsi,
    });
    fake.addLine(line(ref, { status: 'FRAUD_SUSPECTED' }));
    expect((await adapter.lineState(ref)).rawState).toBe('FRAUD_SUSPECTED');
  });

  it("reads the cycle's bytes as KB", async () => {
    const ref = contractRef();
    fake.addLine(line(ref, { ctdDataUsage: 1536 }));
    await expect(adapter.monthUsage(ref)).resolves.toBe(2);
  });

  it('tests a line by its status and its session', async () => {
    const open = contractRef();
    fake.addLine(line(open));
    expect(await adapter.lineTest(open)).toEqual({ registered: true, dataSession: true, apn: 'scuiot', expectedApn: '' });
    const never = contractRef();
    fake.addLine(line(never, { status: 'DEACTIVATED', session: null }));
    expect(await adapter.lineTest(never)).toEqual({ registered: false, dataSession: false, apn: '', expectedApn: '' });
  });

  it('without the CMP app: no daily usage and no real-name status, and says so', async () => {
    const ref = contractRef();
    fake.addLine(line(ref));
    expect(await kindOf(adapter.dailyUsage([ref], '2026-11-26'))).toBe('unsupported:');
    expect(await kindOf(adapter.realNameStatus(ref))).toBe('unsupported:');
    expect(adapter.limits).toEqual({
      callsPerSecond: 5,
      concurrency: 1,
      fixedConcurrency: true,
      dailyBatchSize: 1,
      dailyHistoryDays: 1,
      usagePeriodStartDay: 27,
    });
    await expect(adapter.realNameStart(ref, 0)).resolves.toEqual({ url: '/real-name/unicom', reference: '' });
  });

  it('with the CMP app: its limits add the days the gateway keeps', () => {
    const both = adapterFor(fake.baseUrl, fetchTransport(), { cmp_app_id: 'a', cmp_app_secret: 's', cmp_open_id: 'o' });
    expect(both.limits).toEqual({
      callsPerSecond: 5,
      concurrency: 1,
      fixedConcurrency: true,
      dailyBatchSize: 1,
      dailyHistoryDays: 28,
      usagePeriodStartDay: 27,
    });
    expect(() => adapterFor(fake.baseUrl, fetchTransport(), { cmp_app_id: 'a' })).toThrow(/go together/);
    expect(() => adapterFor(fake.baseUrl, fetchTransport(), { api_key: ' ' })).toThrow(/api_key is required/);
  });

  it('describes its account fields: the API key and the CMP secret are secret', () => {
    expect(unicomJasperKind).toMatchObject({ kind: 'unicom_jasper', network: 2, defaultBaseUrl: 'https://api.10646.cn/rws/api/v1' });
    expect(unicomJasperKind.fields.filter((f) => f.secret).map((f) => f.name)).toEqual(['api_key', 'cmp_app_secret']);
    expect(unicomJasperKind.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['username', 'api_key']);
    expect(adapter).toBeInstanceOf(UnicomJasperAdapter);
  });
});

describe('the fake Control Center', () => {
  // (100,000 lines, and how fast, are `npm run bench:fakes`' business, not a timed unit test's)
  it('takes lines in bulk and counts calls, the peak per second and calls in flight', async () => {
    const fake = await JasperFake.start(USER);
    try {
      fake.addMany(5_000, (i) => ({
        iccid: `898601${String(i).padStart(14, '0')}`,
        msisdn: `1440${String(i).padStart(9, '0')}`,
        imsi: `46001${String(i).padStart(10, '0')}`,
        status: 'ACTIVATED',
        ctdDataUsage: i * 1024,
        session: null,
      }));
      expect(fake.size).toBe(5_000);
      const adapter = adapterFor(fake.baseUrl, fetchTransport(2000));
      const ref = { customNum: 'x', iccid: '89860100000000004999', msisdn: '', imsi: '' };
      await expect(adapter.monthUsage(ref)).resolves.toBe(4_999);
      expect(fake.calls).toEqual({ total: 1, refused: 0, peakPerSecond: 1, peakConcurrent: 1 });
    } finally {
      await fake.close();
    }
  });
});
