// China Unicom CMP gateway: the shared carrier contract against the fake gateway (a real HTTP
// server), then the protocol itself — the signed envelope byte for byte, SM3, and each refusal
// mapped to the kind the sync engine acts on.
import { createHash, getHashes } from 'node:crypto';
import { CardState } from '@portal/contract/enums';
import { cmpTokenInput } from '@portal/domain/carrierCodes/unicomCmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport, type HttpRequest, type HttpTransport } from '../../http/transport';
import { CarrierError, type CarrierAdapter, type LineRef } from '../adapter';
import { contractRef, describeCarrierContract } from '../contract';
import { unicomCmpKind, UnicomCmpAdapter } from './adapter';
import { CmpClient, cmpToken, sm3Hex } from './client';
import { CmpFake, cmpLineOf, type CmpFakeLine } from './fake';

const CREDS = { appId: 'bbO7egzjW5', appSecret: 'wwpsyL5eACfU3RKgeqOmCNS8MwIotd', openId: '35858ouPtS8WqMB' };

function adapterFor(url: string, transport: HttpTransport, credentials: Partial<Record<string, string>> = {}): CarrierAdapter {
  return unicomCmpKind.create(
    {
      name: 'cmp-test',
      baseUrl: url,
      credentials: {
        app_id: CREDS.appId,
        app_secret: CREDS.appSecret,
        open_id: CREDS.openId,
        real_name_url: 'https://smz.example.cn/h5?iccid={iccid}',
        ...credentials,
      } as Record<string, string>,
    },
    transport,
  );
}

it('SM3 gives the GB/T 32905 example: SM3("abc")', () => {
  expect(getHashes()).toContain('sm3');
  const want = '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0';
  expect(createHash('sm3').update('abc').digest('hex')).toBe(want);
  expect(sm3Hex('abc')).toBe(want);
  // and the 64-byte example "abcd" × 16
  expect(sm3Hex('abcd'.repeat(16))).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
});

// The fake's quota is lifted for the contract: the adapter does not throttle (the sync engine does).
describeCarrierContract('unicom_cmp', async () => {
  const fake = await CmpFake.start({ ...CREDS, callsPerSecond: 10_000 });
  return {
    adapter: adapterFor(fake.baseUrl, fetchTransport(2000)),
    addLine: async (line) => fake.addLine(cmpLineOf(line)),
    setDown: (down) => fake.setDown(down ? 'reset' : false),
    reports: { stopReasons: false, apn: false, imsi: true },
    close: () => fake.close(),
  };
});

describe('unicom_cmp protocol', () => {
  let fake: CmpFake;
  let adapter: CarrierAdapter;
  const seen: HttpRequest[] = [];
  const recording: HttpTransport = (req) => {
    seen.push(req);
    return fetchTransport(2000)(req);
  };
  const active = (ref: LineRef, over: Partial<CmpFakeLine> = {}): CmpFakeLine => ({
    iccid: ref.iccid,
    msisdn: ref.msisdn,
    imsi: ref.imsi,
    simStatus: '2',
    realNameStatus: '2',
    monthToDateDataUsage: '10.50',
    sessions: [],
    ...over,
  });
  const kindOf = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (e: unknown) => (e instanceof CarrierError ? `${e.kind}:${e.code}` : String(e)),
    );

  beforeAll(async () => {
    fake = await CmpFake.start({ ...CREDS, callsPerSecond: 10_000 });
    adapter = adapterFor(fake.baseUrl, recording);
  });
  afterAll(() => fake.close());

  it('signs exactly the documented envelope, byte for byte', async () => {
    const sent: HttpRequest[] = [];
    const ms = Date.UTC(2026, 10, 27, 5, 5, 9, 42);
    const client = new CmpClient({
      ...CREDS,
      baseUrl: 'https://gwapi.10646.cn/api/',
      now: () => ms,
      serial: () => 7,
      transport: async (req) => {
        sent.push(req);
        return { status: 200, headers: {}, body: '{"status":"0000","message":"成功","data":{"resultCode":"0000","terminals":[]}}' };
      },
    });
    await client.terminal('89860624650023884322').catch(() => undefined);
    const token = createHash('sm3')
      .update(`app_id${CREDS.appId}timestamp2026-11-27 13:05:09 042trans_id20261127130509042000007${CREDS.appSecret}`)
      .digest('hex');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      method: 'POST',
      url: 'https://gwapi.10646.cn/api/wsGetTerminalDetails/V1/1Main/vV1.1',
      headers: { 'content-type': 'application/json;charset=UTF-8', accept: 'application/json' },
      body:
        `{"app_id":"${CREDS.appId}","timestamp":"2026-11-27 13:05:09 042","trans_id":"20261127130509042000007","token":"${token}",` +
        `"data":{"messageId":"20261127130509042000007","openId":"${CREDS.openId}","version":"1.0","iccids":["89860624650023884322"]}}`,
    });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(cmpToken(CREDS.appId, '2026-11-27 13:05:09 042', '20261127130509042000007', CREDS.appSecret)).toBe(token);
    expect(cmpTokenInput(CREDS.appId, 'T', 'X', 'S')).toBe(`app_id${CREDS.appId}timestampTtrans_idXS`);
  });

  it('sends a fresh China-time timestamp and a trans_id that starts with it', async () => {
    const ref = contractRef();
    fake.addLine(active(ref));
    await adapter.lineState(ref);
    const env = JSON.parse(fake.lastRequest!.body) as Record<string, string>;
    expect(env.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \d{3}$/);
    expect(env.trans_id).toMatch(/^\d{23}$/);
    expect(env.trans_id!.slice(0, 17)).toBe(env.timestamp!.replace(/\D/g, ''));
    const chinaNow = new Date(Date.now() + 8 * 3600_000).toISOString();
    expect(Math.abs(Date.parse(`${env.timestamp!.slice(0, 10)}T${env.timestamp!.slice(11, 19)}Z`) - Date.parse(chinaNow))).toBeLessThan(
      5000,
    );
  });

  it('refuses a wrong secret as an account fault (auth)', async () => {
    const wrong = adapterFor(fake.baseUrl, fetchTransport(2000), { app_secret: 'not-the-secret' });
    expect(await kindOf(wrong.lineState(contractRef()))).toBe('auth:1001');
    expect(await kindOf(wrong.ping())).toBe('auth:1001');
  });

  it('refuses another openId or app_id as auth', async () => {
    expect(await kindOf(adapterFor(fake.baseUrl, fetchTransport(2000), { open_id: 'someone-else' }).ping())).toBe('auth:1001');
    expect(await kindOf(adapterFor(fake.baseUrl, fetchTransport(2000), { app_id: 'other-app' }).ping())).toBe('auth:1001');
  });

  it('passes the connection test with good credentials, though the probe line does not exist', async () => {
    await expect(adapter.ping()).resolves.toBeUndefined();
  });

  it('refuses calls above the quota as rate', async () => {
    const ref = contractRef();
    fake.addLine(active(ref));
    fake.setCallsPerSecond(2);
    try {
      const kinds = await Promise.all([1, 2, 3, 4].map(() => kindOf(adapter.lineState(ref))));
      expect(kinds.filter((k) => k === 'rate:1003').length).toBeGreaterThanOrEqual(2);
      expect(fake.calls.refused).toBeGreaterThanOrEqual(2);
    } finally {
      fake.setCallsPerSecond(10_000);
    }
  });

  it('says malformed when the answer is cut off', async () => {
    const ref = contractRef();
    fake.addLine(active(ref));
    fake.setMalformed(true);
    try {
      expect(await kindOf(adapter.lineState(ref))).toBe('malformed:');
    } finally {
      fake.setMalformed(false);
    }
  });

  it('says unavailable on a 502 and on a timeout', async () => {
    const ref = contractRef();
    fake.addLine(active(ref));
    fake.setDown('5xx');
    expect(await kindOf(adapter.lineState(ref))).toBe('unavailable:');
    fake.setDown(false);
    fake.setSlow(1000);
    try {
      const impatient = adapterFor(fake.baseUrl, fetchTransport(150));
      expect(await kindOf(impatient.lineState(ref))).toBe('unavailable:');
    } finally {
      fake.setSlow(0);
    }
  });

  it('refuses an unknown ICCID as a line fault in every call', async () => {
    const ref = contractRef();
    expect(await kindOf(adapter.lineState(ref))).toBe('line:');
    expect(await kindOf(adapter.monthUsage(ref))).toBe('line:');
    expect(await kindOf(adapter.setService(ref, false))).toBe('line:9001');
    expect((await adapter.dailyUsage([ref], '2026-11-20')).size).toBe(0);
  });

  it('stops with changeType 3 → "3" and resumes with "2"; a line already there is accepted', async () => {
    const ref = contractRef();
    fake.addLine(active(ref));
    seen.length = 0;
    await expect(adapter.setService(ref, false)).resolves.toEqual({ reference: '' });
    expect(JSON.parse(seen[0]!.body!).data).toMatchObject({ iccid: ref.iccid, changeType: '3', targetValue: '3', asynchronous: '0' });
    expect(fake.line(ref.iccid)!.simStatus).toBe('3');
    await expect(adapter.setService(ref, false)).resolves.toEqual({ reference: '' }); // 1193: already stopped
    await adapter.setService(ref, true);
    expect(JSON.parse(seen.at(-1)!.body!).data.targetValue).toBe('2');
    expect((await adapter.lineState(ref)).state).toBe(CardState.Activated);
  });

  it('keeps an unknown status code as Other with the raw code, and never guesses real-name', async () => {
    const ref = contractRef();
    fake.addLine(active(ref, { simStatus: '9', realNameStatus: '7' }));
    expect(await adapter.lineState(ref)).toEqual({
      state: CardState.Other,
      rawState: '9',
      stopReason: '',
      rawStopReason: '',
      realNamed: null,
      imsi: ref.imsi,
    });
    expect(await kindOf(adapter.realNameStatus(ref))).toBe('malformed:7');
  });

  it('counts a line that needs no real-name as passed', async () => {
    const ref = contractRef();
    fake.addLine(active(ref, { realNameStatus: '0' }));
    await expect(adapter.realNameStatus(ref)).resolves.toBe(true);
  });

  it("reads the cycle's usage in KB from the MB string", async () => {
    const ref = contractRef();
    fake.addLine(active(ref, { monthToDateDataUsage: '1.5' }));
    await expect(adapter.monthUsage(ref)).resolves.toBe(1536);
    const bad = contractRef();
    fake.addLine(active(bad, { monthToDateDataUsage: '' }));
    expect(await kindOf(adapter.monthUsage(bad))).toBe('malformed:');
  });

  it('sums a day from every page of the cycle, asking for the cycle by a date inside it', async () => {
    const ref = contractRef();
    // 120 sessions on 2026-11-27 (the first day of a cycle) and one the day before (the last cycle)
    const sessions = Array.from({ length: 120 }, (_, i) => ({ start: `2026-11-27 ${String(i % 24).padStart(2, '0')}:00:00`, kb: 10 }));
    fake.addLine(active(ref, { sessions: [...sessions, { start: '2026-11-26 23:59:00', kb: 999 }] }));
    seen.length = 0;
    const got = await adapter.dailyUsage([ref], '2026-11-27');
    expect(got.get(ref.customNum)).toBe(1200);
    const asked = seen.map((r) => JSON.parse(r.body!).data as Record<string, string>);
    expect(asked.map((d) => [d.cycleStartDate, d.pageNumber])).toEqual([
      ['2026-12-01 00:00:00', '1'],
      ['2026-12-01 00:00:00', '2'],
      ['2026-12-01 00:00:00', '3'],
    ]);
    expect((await adapter.dailyUsage([ref], '2026-11-26')).get(ref.customNum)).toBe(999);
    // a known line with no session that day used nothing: the gateway listed the whole cycle
    expect((await adapter.dailyUsage([ref], '2026-11-29')).get(ref.customNum)).toBe(0);
  });

  it('tests a line by its status only: no session or APN from the gateway', async () => {
    const ref = contractRef();
    fake.addLine(active(ref, { simStatus: '3' }));
    expect(await adapter.lineTest(ref)).toEqual({ registered: false, dataSession: false, apn: '', expectedApn: '' });
  });

  it('starts real-name on the configured page, or says it cannot', async () => {
    const ref = contractRef();
    await expect(adapter.realNameStart(ref, 1)).resolves.toEqual({ url: `https://smz.example.cn/h5?iccid=${ref.iccid}`, reference: '' });
    const none = adapterFor(fake.baseUrl, fetchTransport(2000), { real_name_url: '' });
    expect(await kindOf(none.realNameStart(ref, 1))).toBe('unsupported:');
  });

  it('declares its limits from the account (5 a second unless told), one call at a time', () => {
    expect(adapter.limits).toEqual({
      callsPerSecond: 5,
      concurrency: 1,
      fixedConcurrency: true,
      dailyBatchSize: 1,
      dailyHistoryDays: 28,
      usagePeriodStartDay: 27,
    });
    expect(() => adapterFor(fake.baseUrl, fetchTransport(), { app_secret: '' })).toThrow(/app_secret is required/);
  });

  it('describes its account fields: only the app secret is secret', () => {
    expect(unicomCmpKind).toMatchObject({ kind: 'unicom_cmp', network: 2, defaultBaseUrl: 'https://gwapi.10646.cn/api' });
    expect(unicomCmpKind.fields.filter((f) => f.secret).map((f) => f.name)).toEqual(['app_secret']);
    expect(unicomCmpKind.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['app_id', 'app_secret', 'open_id']);
    expect(adapter).toBeInstanceOf(UnicomCmpAdapter);
  });
});

describe('the fake CMP gateway', () => {
  // (its 100,000-line scale is measured by `npm run bench:fakes`, not in a timed unit test)
  it('takes many lines at once, counts calls and the peak per second', async () => {
    const fake = await CmpFake.start({ ...CREDS, callsPerSecond: 3 });
    try {
      fake.addMany(1_000, (i) => ({
        iccid: `898606${String(i).padStart(14, '0')}`,
        msisdn: `1440${String(i).padStart(9, '0')}`,
        imsi: `46006${String(i).padStart(10, '0')}`,
        simStatus: i % 10 === 0 ? '3' : '2',
        realNameStatus: '2',
        monthToDateDataUsage: '0',
        sessions: [],
      }));
      expect(fake.size).toBe(1_000);
      const adapter = adapterFor(fake.baseUrl, fetchTransport(2000));
      const ref = { customNum: 'x', iccid: '89860600000000000990', msisdn: '', imsi: '' };
      const kinds = [];
      for (let i = 0; i < 5; i++)
        kinds.push(
          await adapter.lineState(ref).then(
            (s) => s.state,
            (e: CarrierError) => e.kind,
          ),
        );
      expect(kinds).toEqual([CardState.Stopped, CardState.Stopped, CardState.Stopped, 'rate', 'rate']);
      expect(fake.calls).toMatchObject({ total: 5, refused: 2, peakPerSecond: 5, byApi: { wsGetTerminalDetails: 5 } });
    } finally {
      await fake.close();
    }
  });
});
