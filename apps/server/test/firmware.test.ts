// Firmware in the console (docs/decisions/0040-firmware-through-the-acs.md): the platform administrator
// keeps the catalogue (audited), support pushes an image to a device or to several of one model; the
// holder's page says 设备升级中，请勿断电 while it waits and shows the new version after. Refused with a
// Chinese 4xx and nothing written: an unknown or withdrawn image, another model's image, a device
// that runs it already, a second upgrade while one waits, a model whose map declares no download.
// First on the demo's simulated devices, then on routers behind the fake GenieACS NBI (the download
// pending until the TRANSFER COMPLETE, a 9010 failure). SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEMO_FIRMWARE, DEVICE_DEMO } from '../src/db/seedDevices';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { clock } from '../src/lib/clock';
import { huaweiParameters, MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const CPE = DEVICE_DEMO.cpe;
const CPE2 = DEVICE_DEMO.unbound;
const MULTI = DEVICE_DEMO.multiSim;
const MIFI = DEVICE_DEMO.offline;
const [CPE_FW, MIFI_FW] = DEMO_FIRMWARE;
const HOUR = 3_600_000;

const fake = await startFakeAcs({ now: () => clock.now().getTime() });
afterAll(() => fake.close());

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

async function catalogue(t: TestApp, cookie: string) {
  return ok<{ items: { id: number; model: string; version: string; withdrawn_at: string }[]; models: { key: string }[] }>(
    await adminGet(t, '/api/admin/devices/firmware', cookie),
  );
}

async function idOf(t: TestApp, cookie: string, model: string, version: string): Promise<number> {
  return (await catalogue(t, cookie)).items.find((i) => i.model === model && i.version === version)!.id;
}

/** A refusal: 4xx with this Chinese message, and not a row written anywhere. */
async function refused(t: TestApp, send: () => Promise<{ statusCode: number; body: string; json(): any }>, message: RegExp) {
  const before = await t.snapshot();
  const res = await send();
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.json().message).toMatch(message);
  expect(await t.snapshot()).toEqual(before);
}

for (const kind of databases()) {
  describe(`firmware on the simulated devices (${kind})`, () => {
    // devices check in hourly here: an upgrade waits until the test moves the clock, however slow the run
    const t = useTestApp(kind, { deviceCheckinMs: HOUR });

    it('the platform administrator registers an image for a model the gateways know (audited); bad input writes nothing', async () => {
      const admin = await loginAs(t, 'admin');
      const list = await catalogue(t, admin);
      expect(list.models.map((m) => m.key)).toEqual(expect.arrayContaining(['5G CPE Pro', '4G 随身WiFi']));
      expect(list.items.map((i) => i.version)).toEqual(expect.arrayContaining([CPE_FW.version, MIFI_FW.version]));
      const body = {
        model: '5G CPE Pro',
        version: 'V3.4.0_20251120',
        file_name: 'CPE5G-Pro_V3.4.0.bin',
        size_bytes: 50_000_000,
        notes: '测试版本',
        reason: '厂商发布新版本',
      };
      const post =
        (b: object, cookie = admin) =>
        () =>
          adminPost(t, '/api/admin/devices/firmware', b, cookie);
      await refused(t, post({ ...body, model: 'NO-SUCH-MODEL' }), /未知的设备型号/);
      await refused(t, post({ ...body, version: CPE_FW.version }), /已登记过版本/);
      await refused(t, post({ ...body, file_name: '../etc/passwd' }), /文件名只能含/);
      await refused(t, post({ ...body, url: 'http://insecure.example/fw.bin' }), /https/);
      await refused(t, post({ ...body, size_bytes: 0 }), /文件大小/);
      await refused(t, post({ ...body, reason: '' }), /原因/);
      // support may push, not register
      await refused(t, post(body, await loginAs(t, 'support')), /./);
      const created = ok(await post(body)());
      expect(created).toMatchObject({ model: '5G CPE Pro', model_name: '5G CPE Pro', version: 'V3.4.0_20251120', withdrawn_at: '' });
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'firmware.registered').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ target_type: 'firmware', target_id: String(created.id), reason: '厂商发布新版本' });
      // withdrawn: listed, never pushed
      ok(await adminPost(t, '/api/admin/devices/firmware/withdraw', { id: created.id, reason: '发现严重缺陷' }, admin));
      const support = await loginAs(t, 'support');
      await refused(
        t,
        () =>
          adminPost(t, '/api/admin/devices/firmware/push', { custom_num: CPE.customNum, firmware_id: created.id, reason: '升级' }, support),
        /不存在或已下架/,
      );
      await refused(
        t,
        () => adminPost(t, '/api/admin/devices/firmware/withdraw', { id: created.id, reason: '再下架一次' }, admin),
        /已下架/,
      );
    });

    it('support pushes an image to two CPEs of one model: 设备升级中，请勿断电 on the holder’s page, then the new version', async () => {
      const support = await loginAs(t, 'support');
      const fw = await idOf(t, support, CPE_FW.model, CPE_FW.version);
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, support));
      expect(view).toMatchObject({ model_key: '5G CPE Pro', firmware: 'V3.2.1_20240918', can_firmware: true });
      const pushed = ok(
        await adminPost(
          t,
          '/api/admin/devices/firmware/push',
          { custom_num: CPE.customNum, also: [CPE2.customNum], firmware_id: fw, reason: '修复掉线问题' },
          support,
        ),
      );
      expect(pushed.items.map((i: { serial: string }) => i.serial)).toEqual([CPE.serial, CPE2.serial]);
      expect(pushed.items[0].task).toMatchObject({ state: 'pending', kind_text: '固件升级', can_cancel: true, can_retry: false });
      expect(pushed.items[0].task.summary).toBe(`固件从 V3.2.1_20240918 升级到 ${CPE_FW.version}`);
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'device_firmware.pushed').execute();
      expect(audit.map((a) => a.target_id).sort()).toEqual([CPE.serial, CPE2.serial].sort());

      // the holder: the upgrade waits, without a 撤销 of their own
      const token = await t.loginAccount();
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      const waiting = status.pending.find((c: { kind: string }) => c.kind === 'firmware');
      expect(waiting).toMatchObject({ kind_text: '固件升级', note: '设备升级中，请勿断电', cancellable: false });
      const cancel = await t.post('/api/v1/device/change/cancel', { custom_num: CPE.customNum, id: waiting.id }, token);
      expect(cancel.statusCode).toBe(400);
      expect(cancel.json().message).toBe('固件升级由客服发起，如需取消请联系客服');

      // a second upgrade while one waits is refused
      await refused(
        t,
        () => adminPost(t, '/api/admin/devices/firmware/push', { custom_num: CPE.customNum, firmware_id: fw, reason: '再推一次' }, support),
        /已有一个待执行的固件升级/,
      );

      // the device takes it at its check-in, flashes it and reboots into it
      clock.advance(HOUR + 1_000);
      const after = ok(await t.get(`/api/v1/device/changes?custom_num=${CPE.customNum}`, token));
      expect(after.list.find((c: { id: number }) => c.id === waiting.id)).toMatchObject({ state: 'applied' });
      clock.advance(21_000);
      expect(ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token))).toMatchObject({
        firmware: CPE_FW.version,
        online: true,
      });
      // it runs that version now: pushing it again is refused (a new session: the hour idled the first one out)
      const again = await loginAs(t, 'support');
      await refused(
        t,
        () => adminPost(t, '/api/admin/devices/firmware/push', { custom_num: CPE.customNum, firmware_id: fw, reason: '再推一次' }, again),
        /已是版本/,
      );
    });

    it('another model’s image is refused by the server, for the whole list; an unknown image too', async () => {
      const support = await loginAs(t, 'support');
      const mifiFw = await idOf(t, support, MIFI_FW.model, MIFI_FW.version);
      const push = (body: object) => () => adminPost(t, '/api/admin/devices/firmware/push', body, support);
      await refused(t, push({ custom_num: MULTI.customNum, firmware_id: mifiFw, reason: '升级' }), /不能推送 4G 随身WiFi 的固件/);
      // one wrong device in the list refuses all of them
      await refused(t, push({ custom_num: MIFI.customNum, also: [MULTI.customNum], firmware_id: mifiFw, reason: '升级' }), /不能推送/);
      await refused(t, push({ custom_num: MIFI.customNum, firmware_id: 99_999, reason: '升级' }), /不存在或已下架/);
      await refused(t, push({ custom_num: MIFI.customNum, firmware_id: 'x', reason: '升级' }), /请选择固件/);
      await refused(t, push({ custom_num: '1000000001', firmware_id: mifiFw, reason: '升级' }), /没有WiFi设备/);
      // a card without a device in a batch is named, and nothing is pushed to the others
      await refused(
        t,
        push({ custom_num: MIFI.customNum, also: ['1000000001', '1000000002'], firmware_id: mifiFw, reason: '升级' }),
        /1000000001、1000000002没有WiFi设备，本次未向任何设备推送/,
      );
      // finance has no device permission at all
      const finance = await loginAs(t, 'finance');
      expect(
        (
          await adminPost(
            t,
            '/api/admin/devices/firmware/push',
            { custom_num: MIFI.customNum, firmware_id: mifiFw, reason: '升级' },
            finance,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('an offline MiFi’s upgrade waits (设备离线，上线后开始升级) and support withdraws it (audited)', async () => {
      const support = await loginAs(t, 'support');
      const fw = await idOf(t, support, MIFI_FW.model, MIFI_FW.version);
      const pushed = ok(
        await adminPost(t, '/api/admin/devices/firmware/push', { custom_num: MIFI.customNum, firmware_id: fw, reason: '省电' }, support),
      );
      const task = pushed.items[0].task;
      const token = await t.loginAccount();
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${MIFI.customNum}`, token));
      expect(status.pending.find((c: { id: number }) => c.id === task.id)).toMatchObject({ note: '设备离线，上线后开始升级' });
      const cancelled = ok(
        await adminPost(t, '/api/admin/devices/tasks/cancel', { custom_num: MIFI.customNum, id: task.id, reason: '用户要求暂缓' }, support),
      );
      expect(cancelled.state).toBe('cancelled');
      expect(ok(await t.get(`/api/v1/device/status?custom_num=${MIFI.customNum}`, token)).firmware).toBe('V1.2.0_20231120');
    });
  });

  describe(`firmware on routers behind GenieACS (${kind})`, () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...base.acs, url: fake.baseUrl } });
    let admin: string;
    let fwOk: number;
    let fwMissing: number;

    beforeAll(async () => {
      const now = clock.now().getTime();
      fake.addDevice(demoZteCpe(CPE.serial, now - 60_000));
      fake.addDevice({
        manufacturer: 'Huawei',
        oui: '00E0FC',
        productClass: 'E5785',
        serial: MIFI.serial,
        parameters: huaweiParameters({ online: true, ssid: 'HW-MIFI', password: 'hw-pass-1' }),
        online: true,
        lastInform: now - 60_000,
      });
      fake.addFile({
        fileName: 'MU5001_V1.1.0B03.bin',
        fileType: '1 Firmware Upgrade Image',
        version: 'MU5001_V1.1.0B03',
        productClass: 'MU5001',
      });
      admin = await loginAs(t, 'admin');
      const register = (version: string, file_name: string) =>
        adminPost(
          t,
          '/api/admin/devices/firmware',
          { model: 'MU5001', version, file_name, size_bytes: 60_000_000, reason: '厂商新版本' },
          admin,
        );
      fwOk = ok(await register('MU5001_V1.1.0B03', 'MU5001_V1.1.0B03.bin')).id;
      // registered, but the ACS's file server does not hold it: the router's fetch fails
      fwMissing = ok(await register('MU5001_V1.2.0B01', 'MU5001_V1.2.0B01.bin')).id;
    });

    it('a model whose map declares no download: no push, and no image may be registered for it', async () => {
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${MIFI.customNum}`, admin));
      expect(view).toMatchObject({ model_key: 'E5785', can_firmware: false });
      await refused(
        t,
        () =>
          adminPost(
            t,
            '/api/admin/devices/firmware',
            { model: 'E5785', version: '11.0.3.1', file_name: 'E5785.bin', size_bytes: 1000, reason: '试试' },
            admin,
          ),
        /不支持远程固件升级/,
      );
      // the MU5001 image to the Huawei: another model, refused before anything reaches the ACS
      const calls = fake.calls().length;
      await refused(
        t,
        () => adminPost(t, '/api/admin/devices/firmware/push', { custom_num: MIFI.customNum, firmware_id: fwOk, reason: '升级' }, admin),
        /不能推送 MU5001 的固件/,
      );
      expect(
        fake
          .calls()
          .slice(calls)
          .filter((c) => c.method === 'POST'),
      ).toEqual([]);
    });

    it('the router takes the download (pending, 设备升级中), and is applied at its TRANSFER COMPLETE with the new version', async () => {
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, admin));
      expect(view).toMatchObject({ model_key: 'MU5001', firmware: 'MU5001_V1.0.0B12', can_firmware: true });
      const pushed = ok(
        await adminPost(t, '/api/admin/devices/firmware/push', { custom_num: CPE.customNum, firmware_id: fwOk, reason: '修复' }, admin),
      );
      const task = pushed.items[0].task;
      expect(task.state).toBe('pending');
      const sent = fake.calls().find((c) => c.method === 'POST' && c.body.includes('"download"'))!;
      expect(JSON.parse(sent.body)).toEqual({ name: 'download', fileType: '1 Firmware Upgrade Image', fileName: 'MU5001_V1.1.0B03.bin' });
      const token = await t.loginAccount();
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      expect(status.pending.find((c: { id: number }) => c.id === task.id)).toMatchObject({ note: '设备升级中，请勿断电' });
      // the download is under way: too late to withdraw it
      const cancel = await adminPost(
        t,
        '/api/admin/devices/tasks/cancel',
        { custom_num: CPE.customNum, id: task.id, reason: '撤回' },
        admin,
      );
      expect(cancel.statusCode).toBe(400);
      expect(cancel.json().message).toMatch(/已开始执行/);
      fake.inform(CPE.serial);
      const calls = fake.calls().length;
      const after = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, admin));
      expect(after.items.find((i: { id: number }) => i.id === task.id)).toMatchObject({ state: 'applied' });
      expect(after.firmware).toBe('MU5001_V1.1.0B03');
      // the version was read from the router again once the image was in place
      const reread = fake
        .calls()
        .slice(calls)
        .filter((c) => c.method === 'POST' && c.body.includes('getParameterValues'));
      expect(reread.map((c) => JSON.parse(c.body).parameterNames)).toEqual([['Device.DeviceInfo.SoftwareVersion']]);
    });

    it('a download the router cannot fetch fails with 9010 in Chinese; support sees the fault code and no retry', async () => {
      const pushed = ok(
        await adminPost(
          t,
          '/api/admin/devices/firmware/push',
          { custom_num: CPE.customNum, firmware_id: fwMissing, reason: '新版本' },
          admin,
        ),
      );
      const task = pushed.items[0].task;
      expect(task.state).toBe('pending');
      fake.inform(CPE.serial);
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, admin));
      expect(view.items.find((i: { id: number }) => i.id === task.id)).toMatchObject({
        state: 'failed',
        reason: '设备执行失败：固件下载失败',
        fault_code: 'cwmp.9010',
        can_retry: false,
      });
      expect(view.firmware).toBe('MU5001_V1.1.0B03');
    });
  });
}
