// What the devices tests share: the demo devices, a second holder, the devices' simulator, reads of a
// device's status and changes, and moving the clock to a device's next check-in.
import { expect } from 'vitest';
import { DEMO } from '../src/db/seed';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { DeviceSimulator } from '../src/integrations/device/simulator';
import { clock } from '../src/lib/clock';
import { makeOtherUser } from './authHelpers';
import { type TestApp } from './harness';

export const CHECKIN_MS = 5_000;
export const REBOOT_MS = 20_000;
export const CPE = DEVICE_DEMO.cpe.customNum;
export const MULTI = DEVICE_DEMO.multiSim.customNum;
export const OFFLINE = DEVICE_DEMO.offline.customNum;
export const UNBOUND = DEVICE_DEMO.unbound;
/** every demo card's card password (README): adding a device proves holding its card (decision 0028) */
export const PW = DEMO.cardPassword;

export function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

/** Move the clock to just after the device's next scheduled check-in. */
export async function untilCheckin(t: TestApp, customNum: string): Promise<void> {
  const dev = await t.db.kysely
    .selectFrom('sim_devices')
    .innerJoin('devices', 'devices.serial', 'sim_devices.serial')
    .innerJoin('cards', 'cards.id', 'devices.card_id')
    .select('sim_devices.next_checkin_at')
    .where('cards.custom_num', '=', customNum)
    .executeTakeFirstOrThrow();
  const since = clock.now().getTime() - Date.parse(dev.next_checkin_at);
  const wait = since < 0 ? -since : CHECKIN_MS - (since % CHECKIN_MS);
  clock.advance(wait + 1);
}

/** Move the clock to 1 ms after a check-in: a change queued now waits almost a whole interval. */
export async function justAfterCheckin(t: TestApp, customNum: string): Promise<void> {
  await untilCheckin(t, customNum);
}
/** The app the devices tests run: a check-in every CHECKIN_MS, a reboot of REBOOT_MS. */
export const DEVICES_APP = { deviceCheckinMs: CHECKIN_MS, deviceRebootMs: REBOOT_MS };

/** Who the devices tests act as (the demo holder, a holder with no device) and the devices' simulator. */
export async function deviceSetUp(t: TestApp): Promise<{ demo: string; other: string; sim: DeviceSimulator }> {
  return {
    demo: await t.loginAccount(),
    other: await makeOtherUser(t),
    sim: new DeviceSimulator(t.db, { checkinMs: CHECKIN_MS, rebootMs: REBOOT_MS }),
  };
}

/** A device's status and one queued change as a holder reads them (the demo holder's token by default). */
export function deviceReads(t: TestApp, demo: () => string) {
  return {
    status: async (num: string, token = demo()) => ok(await t.get(`/api/v1/device/status?custom_num=${num}`, token)),
    change: async (num: string, id: number, token = demo()) => ok(await t.get(`/api/v1/device/change?custom_num=${num}&id=${id}`, token)),
  };
}
