// The one contract every device gateway keeps — the simulator and each real adapter (GenieACS):
// the same questions give the same answers in our terms. A gateway's test calls
// describeDeviceContract with a fixture that makes devices in its own world (simulator rows, a
// fake ACS's parameter tree) and plays the device's side: coming back online, refusing a change.
// How fast a change lands differs (the simulator at its next check-in, an ACS at once when the
// device answers the connection request); `settle` lets the fixture move that along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandStatus, DeviceGateway, FirmwareFile } from './gateway';

export interface ContractDevice {
  online: boolean;
  ssid: string;
  password: string;
}

export interface DeviceFixture {
  gateway: DeviceGateway;
  /** a new device in the gateway's world; answers its serial */
  addDevice(d: ContractDevice): Promise<string>;
  /** time passes as much as an online device needs to act on what it was sent */
  settle(serial: string): Promise<void>;
  /** an offline device comes back and calls in */
  comeBack(serial: string): Promise<void>;
  /** ask for a change this device will refuse (each gateway has its own way to provoke one) */
  refusedChange(serial: string): Promise<CommandStatus>;
  /** a firmware image of this device's model that its gateway can serve, reporting `version` once installed */
  firmware(serial: string, version: string): Promise<FirmwareFile>;
  /** a firmware image whose download will fail on this device (CWMP 9010) */
  failingFirmware(serial: string): Promise<FirmwareFile>;
  /** a device that took a firmware image flashes it, reboots and calls in */
  afterReboot(serial: string): Promise<void>;
  close(): Promise<void>;
}

const CHINESE = /[\u4e00-\u9fa5]/;

export function describeDeviceContract(name: string, setup: () => Promise<DeviceFixture>): void {
  describe(`device contract: ${name}`, () => {
    let f: DeviceFixture;
    let n = 0;
    const device = (online: boolean) => {
      n += 1;
      return f.addDevice({ online, ssid: `Contract-${n}`, password: `contract-pw-${n}` });
    };
    const stateOf = async (serial: string, id: string) => (await f.gateway.commands(serial, [id]))[0]?.state;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.close();
    });

    it('answers null for a serial it does not know', async () => {
      await expect(f.gateway.status('NO-SUCH-SERIAL-0000')).resolves.toBeNull();
    });

    it('reads an online device: its wifi, online, a model name', async () => {
      const serial = await device(true);
      const s = (await f.gateway.status(serial))!;
      expect(s.serial).toBe(serial);
      expect(s.online).toBe(true);
      expect(s.modelName).not.toBe('');
      expect(s.wifi.ssid).toBe(`Contract-${n}`);
      expect(s.wifi.password).toBe(`contract-pw-${n}`);
    });

    it('reads an offline device as offline', async () => {
      const serial = await device(false);
      expect((await f.gateway.status(serial))!.online).toBe(false);
    });

    it('changes the SSID and password of an online device: applied, and the device says so', async () => {
      const serial = await device(true);
      const c = await f.gateway.changeWifi(serial, { ssid: '新名字-5G', password: 'new-secret-1' });
      expect(c.kind).toBe('wifi');
      expect(['pending', 'applied']).toContain(c.state);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('applied');
      const s = (await f.gateway.status(serial))!;
      expect(s.wifi.ssid).toBe('新名字-5G');
      expect(s.wifi.password).toBe('new-secret-1');
    });

    it('queues a change for an offline device: pending until it comes back, then applied', async () => {
      const serial = await device(false);
      const c = await f.gateway.changeWifi(serial, { ssid: 'Offline-Then-Back' });
      expect(c.state).toBe('pending');
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('pending');
      expect((await f.gateway.status(serial))!.wifi.ssid).not.toBe('Offline-Then-Back');
      await f.comeBack(serial);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('applied');
      expect((await f.gateway.status(serial))!.wifi.ssid).toBe('Offline-Then-Back');
    });

    it('withdraws a queued change: cancelled, and never applied when the device comes back', async () => {
      const serial = await device(false);
      const before = (await f.gateway.status(serial))!.wifi.ssid;
      const c = await f.gateway.changeWifi(serial, { ssid: 'Never-Applied' });
      const cancelled = await f.gateway.cancel(serial, c.id);
      expect(cancelled?.state).toBe('cancelled');
      expect(cancelled?.settledAt).not.toBeNull();
      await f.comeBack(serial);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('cancelled');
      expect((await f.gateway.status(serial))!.wifi.ssid).toBe(before);
    });

    it('cannot withdraw what the device has applied: the answer says applied', async () => {
      const serial = await device(true);
      const c = await f.gateway.changeWifi(serial, { ssid: 'Too-Late' });
      await f.settle(serial);
      expect((await f.gateway.cancel(serial, c.id))?.state).toBe('applied');
    });

    it('a change the device refuses fails, with the reason in Chinese, and changes nothing', async () => {
      const serial = await device(true);
      const before = (await f.gateway.status(serial))!.wifi.ssid;
      const c = await f.refusedChange(serial);
      await f.settle(serial);
      const [now] = await f.gateway.commands(serial, [c.id]);
      expect(now?.state).toBe('failed');
      expect(now?.reason).toMatch(CHINESE);
      expect(now?.settledAt).not.toBeNull();
      expect((await f.gateway.status(serial))!.wifi.ssid).toBe(before);
    });

    it('leaves out command ids it does not know; cancelling one answers null', async () => {
      const serial = await device(true);
      await expect(f.gateway.commands(serial, ['999999', 'not-a-number'])).resolves.toEqual([]);
      await expect(f.gateway.cancel(serial, '999999')).resolves.toBeNull();
    });

    // firmware (docs/decisions/0040-firmware-through-the-acs.md): pending while the device fetches and
    // flashes the image, applied once it runs it, and the version it reports is the image's
    it('upgrades the firmware of an online device: applied once it rebooted into the image, which it reports', async () => {
      const serial = await device(true);
      const before = (await f.gateway.status(serial))!.firmware;
      const image = await f.firmware(serial, 'FW-2.0.0');
      const c = await f.gateway.upgradeFirmware(serial, image);
      expect(c.kind).toBe('firmware');
      expect(c.state).toBe('pending');
      await f.settle(serial);
      await f.afterReboot(serial);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('applied');
      const s = (await f.gateway.status(serial))!;
      expect(s.firmware).toBe('FW-2.0.0');
      expect(s.firmware).not.toBe(before);
    });

    it('queues a firmware upgrade for an offline device: pending until it comes back, then applied', async () => {
      const serial = await device(false);
      const before = (await f.gateway.status(serial))!.firmware;
      const c = await f.gateway.upgradeFirmware(serial, await f.firmware(serial, 'FW-3.0.0'));
      expect(c.state).toBe('pending');
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('pending');
      expect((await f.gateway.status(serial))!.firmware).toBe(before);
      await f.comeBack(serial);
      await f.settle(serial);
      await f.afterReboot(serial);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('applied');
      expect((await f.gateway.status(serial))!.firmware).toBe('FW-3.0.0');
    });

    it('withdraws a queued firmware upgrade: cancelled, and the device keeps its version', async () => {
      const serial = await device(false);
      const before = (await f.gateway.status(serial))!.firmware;
      const c = await f.gateway.upgradeFirmware(serial, await f.firmware(serial, 'FW-4.0.0'));
      expect((await f.gateway.cancel(serial, c.id))?.state).toBe('cancelled');
      await f.comeBack(serial);
      await f.settle(serial);
      await f.afterReboot(serial);
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('cancelled');
      expect((await f.gateway.status(serial))!.firmware).toBe(before);
    });

    it('a firmware download that fails (9010) fails the upgrade with the reason in Chinese; the version stays', async () => {
      const serial = await device(true);
      const before = (await f.gateway.status(serial))!.firmware;
      const c = await f.gateway.upgradeFirmware(serial, await f.failingFirmware(serial));
      await f.settle(serial);
      await f.afterReboot(serial);
      await f.settle(serial);
      const [now] = await f.gateway.commands(serial, [c.id]);
      expect(now?.state).toBe('failed');
      expect(now?.reason).toBe('设备执行失败：固件下载失败');
      expect((await f.gateway.status(serial))!.firmware).toBe(before);
    });

    it('reboots an online device', async () => {
      const serial = await device(true);
      const c = await f.gateway.reboot(serial);
      expect(c.kind).toBe('reboot');
      await f.settle(serial);
      expect(await stateOf(serial, c.id)).toBe('applied');
    });
  });
}
