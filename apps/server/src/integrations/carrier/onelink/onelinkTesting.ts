// What the OneLink adapter's tests share: China days, a contract line as the fake keeps it, a fake
// platform with an adapter on it (closed after each test), a line's reference, a refusal's error.
import { afterEach, expect } from 'vitest';
import { fetchTransport } from '../../http/transport';
import { CarrierError, type LineRef } from '../adapter';
import { type ContractLine } from '../contract';
import { OneLinkAdapter } from './adapter';
import { startOneLinkFake, type FakeOneLink, type FakeOneLinkLine, type FakeOneLinkOptions } from './fake';

export const CHINA = 8 * 3600_000;
export const DAY = 86_400_000;
export const chinaDay = (ms: number) => new Date(ms + CHINA).toISOString().slice(0, 10);
export const compact = (day: string) => day.replaceAll('-', '');

export const CONTRACT_STOPS = {
  arrears: '000020000000',
  sim_device_separation: '020000000000',
  region_limit: '000000000200',
  // OneLink has no position for it: the platform cannot say
  not_real_named: '000000000000',
} as const;

/** A contract line in OneLink-CT's own codes. */
export function inOneLink(l: ContractLine): FakeOneLinkLine {
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
export const refOf = (l: FakeOneLinkLine): LineRef => ({
  customNum: `C${l.iccid}`,
  iccid: l.iccid,
  msisdn: l.msisdn ?? '',
  imsi: l.imsi ?? '',
});

export async function failure(p: Promise<unknown>): Promise<CarrierError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  return err as CarrierError;
}
/**
 * A fake platform and an adapter on it, per call; every fake a test opened is closed after it.
 * Call once in a file, at its top. `closeNow` closes one before the test ends (a port that went away).
 */
export function useOneLinkFakes() {
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
  async function closeNow(fake: FakeOneLink): Promise<void> {
    open.splice(open.indexOf(fake), 1);
    await fake.close();
  }
  return { setup, closeNow };
}
