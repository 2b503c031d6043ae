// The wifi-device API with real routers: the portal configured with a GenieACS NBI (the fake, a
// real HTTP server on 127.0.0.1) that manages two of the demo devices — the 5G CPE as a ZTE MU5001
// (online) and the offline MiFi as a Huawei E5785 (no client blocking). The other demo devices stay
// with the simulator. A change answers 已生效 at once on an online router, 待生效 with
// 设备离线，上线后生效 on an offline one until it informs; a fault fails with a Chinese reason; a
// model without client blocking says so and refuses it, writing nothing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { loadConfig } from '../src/config';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { clock } from '../src/lib/clock';
import { huaweiParameters, MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const CPE = DEVICE_DEMO.cpe;
const MIFI = DEVICE_DEMO.offline;
const MULTI = DEVICE_DEMO.multiSim;

const fake = await startFakeAcs({ now: () => clock.now().getTime() });
afterAll(() => fake.close());

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

for (const kind of databases()) {
  describe(`wifi devices through GenieACS (${kind})`, () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...base.acs, url: fake.baseUrl } });
    let token: string;

    beforeAll(async () => {
      const now = clock.now().getTime();
      // each database gets devices of its own in the one fake: the serials are the demo's
      fake.addDevice(demoZteCpe(CPE.serial, now - 60_000));
      fake.addDevice({
        manufacturer: 'Huawei',
        oui: '00E0FC',
        productClass: 'E5785',
        serial: MIFI.serial,
        parameters: huaweiParameters({ online: false, ssid: 'HW-MIFI', password: 'hw-pass-1' }),
        online: false,
        lastInform: now - 3 * 3_600_000,
      });
      token = await t.loginAccount();
    });

    it('reads the router from the ACS, and says what its model can do', async () => {
      const wifi = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token));
      expect(wifi).toMatchObject({ ssid: 'ZTE-CPE', password: 'zte-pass-1', online: true });
      expect(wifi.can).toMatchObject({ wifi_ssid: true, wifi_password: true, clients_block: true, sims_switch: false });
      // TR-181's encryption and band values as the model writes them
      expect(wifi.can).toMatchObject({ wifi_security_values: ['wpa2', 'wpa3', 'wpa2_wpa3'], wifi_band_values: ['2.4g', '5g'] });
      // a TR-098 MiFi offers no WPA3 and no band (its map writes neither)
      const mifi = ok(await t.get(`/api/v1/device/wifi?custom_num=${MIFI.customNum}`, token));
      expect(mifi.can).toMatchObject({ wifi_security_values: ['wpa2', 'wpa2_wpa3'], wifi_band: false });
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      expect(status).toMatchObject({ model_name: '中兴 MU5001 5G CPE', online: true, signal: { band: 'n78', rsrp: -88 } });
    });

    it('a device no ACS knows stays with the simulator, which can do everything', async () => {
      const wifi = ok(await t.get(`/api/v1/device/wifi?custom_num=${MULTI.customNum}`, token));
      expect(wifi.ssid).toBe('MiFi-0012');
      expect(Object.values(wifi.can).every(Boolean)).toBe(true);
    });

    it('an online router applies a new SSID and password at once (已生效)', async () => {
      const change = ok(
        await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: '客厅-5G', password: 'brand-new-9' }, token),
      );
      expect(change).toMatchObject({
        state: 'applied',
        state_text: '已生效',
        cancellable: false,
        summary: 'WiFi名称改为「客厅-5G」，修改WiFi密码',
      });
      expect(fake.value(CPE.serial, 'Device.WiFi.SSID.1.SSID')).toBe('客厅-5G');
      expect(ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token)).ssid).toBe('客厅-5G');
    });

    it('an offline router queues it (设备离线，上线后生效), the holder can cancel, and the next applies when it informs', async () => {
      const first = ok(await t.post('/api/v1/device/wifi', { custom_num: MIFI.customNum, ssid: 'Cancel-Me' }, token));
      expect(first).toMatchObject({ state: 'pending', note: '设备离线，上线后生效', cancellable: true });
      const cancelled = ok(await t.post('/api/v1/device/change/cancel', { custom_num: MIFI.customNum, id: first.id }, token));
      expect(cancelled.state).toBe('cancelled');
      const second = ok(await t.post('/api/v1/device/wifi', { custom_num: MIFI.customNum, ssid: 'After-Inform' }, token));
      expect(second.state).toBe('pending');
      fake.inform(MIFI.serial);
      const changes = ok<{ list: { id: number; state: string }[] }>(
        await t.get(`/api/v1/device/changes?custom_num=${MIFI.customNum}`, token),
      );
      expect(changes.list.find((c) => c.id === second.id)?.state).toBe('applied');
      expect(changes.list.find((c) => c.id === first.id)?.state).toBe('cancelled');
      expect(fake.value(MIFI.serial, 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID')).toBe('After-Inform');
      fake.setOnline(MIFI.serial, false);
    });

    it('a fault fails the change with a reason the holder can read', async () => {
      fake.faultNext(CPE.serial, 'cwmp.9007', 'Invalid parameter value');
      const change = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: 'Refused' }, token));
      expect(change, JSON.stringify(change)).toMatchObject({
        state: 'failed',
        state_text: '失败',
        reason: '设备执行失败：设备不接受该设置值',
      });
    });

    it('a model without client blocking: the flag is off, and blocking is refused without writing anything', async () => {
      const clients = ok(await t.get(`/api/v1/device/clients?custom_num=${MIFI.customNum}`, token));
      expect(clients.can.clients_block).toBe(false);
      const before = await t.snapshot();
      const res = await t.post('/api/v1/device/clients/block', { custom_num: MIFI.customNum, mac: '3C:22:FB:44:55:04' }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: DeviceCode.UNSUPPORTED, message: '该设备型号不支持拉黑终端' });
      // a value its map does not write (WPA3 on TR-098) is refused the same way
      const wpa3 = await t.post('/api/v1/device/wifi', { custom_num: MIFI.customNum, security: 'wpa3' }, token);
      expect(wpa3.statusCode).toBe(400);
      expect(wpa3.json()).toMatchObject({ code: DeviceCode.UNSUPPORTED, message: '该设备型号不支持此设置' });
      expect(await t.snapshot()).toEqual(before);
    });

    it('support sees the router’s last inform and its failed task with the fault code, and has it retried (audited)', async () => {
      const cookie = await loginAs(t, 'support');
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, cookie));
      expect(view).toMatchObject({ serial: CPE.serial, acs: 'default', online: true, model_name: '中兴 MU5001 5G CPE' });
      expect(view.last_inform).not.toBe('');
      const failed = view.items.find((i: { state: string }) => i.state === 'failed');
      expect(failed).toMatchObject({ fault_code: 'cwmp.9007', can_retry: true, can_cancel: false });
      // a reason is required; nothing is written without one
      const before = await t.snapshot();
      expect(
        (await adminPost(t, '/api/admin/devices/tasks/retry', { custom_num: CPE.customNum, id: failed.id, reason: '' }, cookie)).statusCode,
      ).toBe(400);
      expect(await t.snapshot()).toEqual(before);
      const retried = ok(
        await adminPost(
          t,
          '/api/admin/devices/tasks/retry',
          { custom_num: CPE.customNum, id: failed.id, reason: '用户来电要求重试' },
          cookie,
        ),
      );
      expect(retried).toMatchObject({ state: 'pending', can_cancel: true });
      // the router runs it at its next inform: the holder's change is applied
      fake.inform(CPE.serial);
      const changes = ok<{ list: { id: number; state: string }[] }>(
        await t.get(`/api/v1/device/changes?custom_num=${CPE.customNum}`, token),
      );
      expect(changes.list.find((c) => c.id === failed.id)?.state).toBe('applied');
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'device_task.retried').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        target_type: 'device',
        target_id: CPE.serial,
        reason: '用户来电要求重试',
        operator_username: 'support',
      });
    });

    it('support withdraws a queued task on an offline router (audited); a settled one cannot be withdrawn', async () => {
      fake.setOnline(MIFI.serial, false);
      const queued = ok(await t.post('/api/v1/device/wifi', { custom_num: MIFI.customNum, password: 'queued-pass-7' }, token));
      clock.advance(2 * 3_600_000); // the router has not called in for two hours
      const cookie = await loginAs(t, 'support');
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${MIFI.customNum}`, cookie));
      expect(view.online).toBe(false);
      expect(view.items.find((i: { id: number }) => i.id === queued.id)).toMatchObject({
        state: 'pending',
        can_cancel: true,
        can_retry: false,
      });
      const cancelled = ok(
        await adminPost(
          t,
          '/api/admin/devices/tasks/cancel',
          { custom_num: MIFI.customNum, id: queued.id, reason: '用户改主意了' },
          cookie,
        ),
      );
      expect(cancelled.state).toBe('cancelled');
      const again = await adminPost(
        t,
        '/api/admin/devices/tasks/cancel',
        { custom_num: MIFI.customNum, id: queued.id, reason: '再撤一次' },
        cookie,
      );
      expect(again.statusCode).toBe(400);
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'device_task.cancelled').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain('queued-pass-7');
    });

    it('a card without a device, and finance, get nothing', async () => {
      const cookie = await loginAs(t, 'support');
      expect((await adminGet(t, '/api/admin/devices/tasks?custom_num=1000000001', cookie)).statusCode).toBe(404);
      const finance = await loginAs(t, 'finance');
      expect((await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, finance)).statusCode).toBe(403);
    });

    it('never keeps a wifi password in the portal’s tables', async () => {
      const rows = [
        ...(await t.db.kysely.selectFrom('acs_commands').selectAll().execute()),
        ...(await t.db.kysely.selectFrom('device_changes').selectAll().execute()),
      ];
      expect(JSON.stringify(rows)).not.toContain('brand-new-9');
      expect(JSON.stringify(rows)).not.toContain('queued-pass-7');
    });
  });
}
