// The one contract every carrier adapter keeps (and the simulator's adapter too): the same
// questions, asked of each platform through its fake server (./<kind>/fake.ts), must give the
// same answers in our terms. An adapter's own test file calls describeCarrierContract with a
// fixture that starts its fake and writes lines in the platform's own codes.
import { CardState } from '@portal/contract/enums';
import { decodeStopReason } from '@portal/domain/stopReason';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierAdapter, type LineRef } from './adapter';

/** A line as the contract sets it up, in our terms; the fixture stores the platform's own codes. */
export interface ContractLine {
  ref: LineRef;
  service: 'active' | 'stopped' | 'cancelled' | 'testable' | 'inventory';
  /** for service 'stopped' */
  stopReason?: 'arrears' | 'not_real_named' | 'sim_device_separation' | 'region_limit';
  realNamed: boolean;
  /** KB used this month to date (a multiple of 1024, so platforms counting MB answer it exactly) */
  monthKb: number;
  /** KB per China-time day (multiples of 1024), for the days the platform keeps */
  dailyKb: Record<string, number>;
  /** the line is set to a wrong APN (registers, no data session) */
  wrongApn?: boolean;
}

export interface CarrierFixture {
  adapter: CarrierAdapter;
  addLine(line: ContractLine): Promise<void>;
  /** the platform stops answering (connection refused, 5xx or timeout — the fake's choice) */
  setDown(down: boolean): void;
  /** what the platform can say, where platforms differ */
  reports: { stopReasons: boolean; apn: boolean; imsi: boolean };
  close(): Promise<void>;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

let seq = 0;
/** A fresh line reference; numbers look like the real ones (ICCID 20 digits, MSISDN 13 for IoT). */
export function contractRef(): LineRef {
  seq += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0') + String(seq).padStart(4, '0');
  return { customNum: `9${n}`, iccid: `8986${n}0000000000`.slice(0, 20), msisdn: `144${n}`, imsi: `46004${n}` };
}

export function describeCarrierContract(name: string, setup: () => Promise<CarrierFixture>): void {
  describe(`carrier contract: ${name}`, () => {
    let f: CarrierFixture;
    const today = chinaDay(Date.now());
    const yesterday = chinaDay(Date.now() - 86_400_000);
    const active = { service: 'active', realNamed: true, monthKb: 5 * 1024 * 1024, dailyKb: { [yesterday]: 300 * 1024 } } as const;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.close();
    });

    it('answers a test of the connection', async () => {
      await expect(f.adapter.ping()).resolves.toBeUndefined();
    });

    it('declares limits the sync engine can keep', () => {
      const l = f.adapter.limits;
      expect(l.callsPerSecond).toBeGreaterThan(0);
      expect(l.concurrency).toBeGreaterThanOrEqual(1);
      expect(l.dailyBatchSize).toBeGreaterThanOrEqual(1);
      expect(l.dailyHistoryDays).toBeGreaterThanOrEqual(1);
    });

    it("names the line's IMSI in the status answer where the platform knows it, and asks no more once we do", async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active });
      const unknown = await f.adapter.lineState({ ...ref, imsi: '' });
      if (f.reports.imsi) expect(unknown.imsi).toBe(ref.imsi);
      else expect(unknown.imsi ?? '').toBe('');
      const known = await f.adapter.lineState(ref);
      expect([undefined, ref.imsi]).toContain(known.imsi);
    });

    it('reads an active line in our terms', async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active });
      const s = await f.adapter.lineState(ref);
      expect(s.state).toBe(CardState.Activated);
      expect(s.stopReason).toBe('');
      expect(s.rawState).not.toBe('');
      expect(s.realNamed === null || s.realNamed === true).toBe(true);
      await expect(f.adapter.realNameStatus(ref)).resolves.toBe(true);
    });

    it.each(['cancelled', 'testable', 'inventory'] as const)('reads a %s line', async (service) => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, service });
      const want = { cancelled: CardState.Cancelled, testable: CardState.Testable, inventory: CardState.Initial }[service];
      expect((await f.adapter.lineState(ref)).state).toBe(want);
    });

    it('reads a line stopped for arrears, and says why where the platform does', async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, service: 'stopped', stopReason: 'arrears' });
      const s = await f.adapter.lineState(ref);
      expect(s.state).toBe(CardState.Stopped);
      if (f.reports.stopReasons) expect(decodeStopReason(s.stopReason)).toBe('arrears');
    });

    it('reads a line that is not real-named', async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, realNamed: false });
      await expect(f.adapter.realNameStatus(ref)).resolves.toBe(false);
    });

    it("reads this month's usage in KB", async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, monthKb: 7 * 1024 * 1024 });
      await expect(f.adapter.monthUsage(ref)).resolves.toBe(7 * 1024 * 1024);
    });

    it("reads a past day's usage for several lines in one call, leaving out lines it does not report", async () => {
      const a = contractRef();
      const b = contractRef();
      await f.addLine({ ref: a, ...active, dailyKb: { [yesterday]: 1024 * 200 } });
      await f.addLine({ ref: b, ...active, dailyKb: { [yesterday]: 1024 * 300 } });
      const unknown = contractRef();
      const got = await f.adapter.dailyUsage([a, b, unknown], yesterday);
      expect(got.get(a.customNum)).toBe(1024 * 200);
      expect(got.get(b.customNum)).toBe(1024 * 300);
      expect(got.has(unknown.customNum)).toBe(false);
    });

    it("reads today's usage so far", async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, dailyKb: { [today]: 1024 * 50 } });
      expect((await f.adapter.dailyUsage([ref], today)).get(ref.customNum)).toBe(1024 * 50);
    });

    it('stops and resumes a line; the state follows', async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active });
      await f.adapter.setService(ref, false);
      expect((await f.adapter.lineState(ref)).state).toBe(CardState.Stopped);
      await f.adapter.setService(ref, true);
      expect((await f.adapter.lineState(ref)).state).toBe(CardState.Activated);
    });

    it("starts the carrier's real-name verification with a link", async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active, realNamed: false });
      const start = await f.adapter.realNameStart(ref, 1);
      expect(start.url).toMatch(/^(https?:\/\/|\/)/);
    });

    it('tests a line: an active line registers; a wrong APN gets no data session where the platform says', async () => {
      const ok = contractRef();
      await f.addLine({ ref: ok, ...active });
      const t = await f.adapter.lineTest(ok);
      expect(t.registered).toBe(true);
      if (f.reports.apn) {
        expect(t.dataSession).toBe(true);
        const wrong = contractRef();
        await f.addLine({ ref: wrong, ...active, wrongApn: true });
        const w = await f.adapter.lineTest(wrong);
        expect(w.dataSession).toBe(false);
        expect(w.apn).not.toBe(w.expectedApn);
      }
    });

    it('refuses a line it does not know as a line fault, not an account fault', async () => {
      const err = await f.adapter.lineState(contractRef()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CarrierError);
      expect((err as CarrierError).kind).toBe('line');
    });

    it('says the platform is unavailable when it is down', async () => {
      const ref = contractRef();
      await f.addLine({ ref, ...active });
      f.setDown(true);
      try {
        const err = await f.adapter.lineState(ref).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(CarrierError);
        expect((err as CarrierError).kind).toBe('unavailable');
      } finally {
        f.setDown(false);
      }
      expect((await f.adapter.lineState(ref)).state).toBe(CardState.Activated);
    });
  });
}
