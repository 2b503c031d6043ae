// A router whose ACS cannot answer (docs/decisions/0055): the device pages answer with what the
// portal knows and say so, never 500. A router read while its ACS was up keeps its last values
// (offline now, no controls, 设备暂时无法连接，显示的是上次获取的信息) when the ACS goes to 503;
// a router never read, behind an ACS at a closed port, answers its stored facts (serial, card, the
// changes still pending). Reads that need the router itself and every change answer 10612 in
// Chinese with nothing written. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { loadConfig } from '../src/config';
import { DEMO } from '../src/db/seed';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { clock } from '../src/lib/clock';
import { demoZteCpe, MODELS_DIR } from './acsHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { freePort } from './ports';

const CPE = DEVICE_DEMO.cpe;
const MIFI = DEVICE_DEMO.offline;
const UNBOUND = DEVICE_DEMO.unbound;
const LAST = '设备暂时无法连接，显示的是上次获取的信息';
const NOTHING = '设备暂时无法连接，暂时无法获取设备信息';

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

function unreachable(res: { statusCode: number; body: string; json(): any }): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: DeviceCode.UNREACHABLE, message: '设备暂时无法连接，请稍后再试' });
}

const fake = await startFakeAcs({ now: () => clock.now().getTime() });
afterAll(() => fake.close());
// a port nobody listens on: the ACS that is not running
const closed = await freePort();

/** Only the ACS may hold the serial: the simulator forgets it (its rows are the simulator's test fixture). */
async function leaveToTheAcs(t: TestApp, serial: string): Promise<void> {
  for (const table of ['sim_device_clients', 'sim_device_sims', 'sim_devices'] as const)
    await t.db.kysely.deleteFrom(table).where('serial', '=', serial).execute();
}

for (const kind of databases()) {
  describe(`a router whose ACS answers 503 after one read (${kind})`, () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...base.acs, url: fake.baseUrl } });
    let token: string;

    beforeAll(async () => {
      fake.setDown(false);
      fake.addDevice(demoZteCpe(CPE.serial, clock.now().getTime() - 60_000));
      await leaveToTheAcs(t, CPE.serial);
      token = await t.loginAccount();
    });
    afterAll(() => fake.setDown(false));

    it('answers the values last read, offline, with no controls, and says so', async () => {
      const live = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      expect(live).toMatchObject({ online: true, reachable: true, reach_text: '', model_name: '中兴 MU5001 5G CPE' });
      fake.setDown(true);
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      expect(status).toMatchObject({
        serial: CPE.serial,
        model_name: '中兴 MU5001 5G CPE',
        firmware: live.firmware,
        wifi: { ssid: 'ZTE-CPE' },
        online: false,
        signal: null,
        reachable: false,
        reach_text: LAST,
      });
      expect(Object.entries(status.can).filter(([, v]) => v === true)).toEqual([]);
      const list = ok<{ list: any[] }>(await t.get('/api/v1/device/list', token)).list;
      expect(list.find((d) => d.serial === CPE.serial)).toMatchObject({ reachable: false, reach_text: LAST, online: false });
      ok(await t.get(`/api/v1/device/changes?custom_num=${CPE.customNum}`, token));
    });

    it('a change and the reads that need the router answer in Chinese, with nothing written', async () => {
      fake.setDown(true);
      const before = await t.snapshot();
      unreachable(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: '客厅' }, token));
      unreachable(await t.post('/api/v1/device/reboot', { custom_num: CPE.customNum, confirm: true }, token));
      unreachable(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token));
      unreachable(await t.get(`/api/v1/device/clients?custom_num=${CPE.customNum}`, token));
      unreachable(await t.get(`/api/v1/device/sims?custom_num=${CPE.customNum}`, token));
      expect(await t.snapshot()).toEqual(before);
    });

    it('back up: the live values again', async () => {
      fake.setDown(false);
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${CPE.customNum}`, token));
      expect(status).toMatchObject({ online: true, reachable: true, reach_text: '' });
    });
  });

  describe(`a router never read, behind an ACS at a closed port (${kind})`, () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...base.acs, url: `http://127.0.0.1:${closed}` } });
    let token: string;

    beforeAll(async () => {
      await leaveToTheAcs(t, MIFI.serial);
      await leaveToTheAcs(t, UNBOUND.serial);
      token = await t.loginAccount();
    });

    it('answers the stored facts and says so, never 500', async () => {
      const status = ok(await t.get(`/api/v1/device/status?custom_num=${MIFI.customNum}`, token));
      expect(status).toMatchObject({
        custom_num: MIFI.customNum,
        serial: MIFI.serial,
        online: false,
        reachable: false,
        reach_text: NOTHING,
        client_count: 0,
      });
      expect(Object.entries(status.can).filter(([, v]) => v === true)).toEqual([]);
      // the other devices stay with the simulator and answer as always
      const list = ok<{ list: any[] }>(await t.get('/api/v1/device/list', token)).list;
      expect(list.find((d) => d.serial === MIFI.serial)).toMatchObject({ reachable: false, reach_text: NOTHING });
      expect(list.find((d) => d.serial === CPE.serial)).toMatchObject({ reachable: true, reach_text: '' });
      unreachable(await t.post('/api/v1/device/wifi', { custom_num: MIFI.customNum, ssid: '客厅' }, token));
    });

    it('adding a router whose ACS cannot be reached: added, and the answer says it cannot be reached now', async () => {
      const bind = ok(
        await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: DEMO.cardPassword }, token),
      );
      expect(bind).toMatchObject({ already_bound: false, device: { serial: UNBOUND.serial, reachable: false, reach_text: NOTHING } });
      const list = ok<{ list: any[] }>(await t.get('/api/v1/device/list', token)).list;
      expect(list.map((d) => d.serial)).toContain(UNBOUND.serial);
    });
  });
}
