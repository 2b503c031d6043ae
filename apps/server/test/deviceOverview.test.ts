// WiFi设备任务's list (docs/decisions/0061-routers-behind-a-slow-acs.md): the devices in the
// operator's scope with online / offline and the router's last inform, their pending and failed
// tasks and firmware pushes, filterable; an agent administrator sees only their agent's devices.
// A router behind the fake GenieACS (the demo CPE, online) and the simulator's demo devices.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { startFakeAcs, type FakeAcs } from '../src/integrations/device/genieacs/fake';
import { clock } from '../src/lib/clock';
import { MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminGet, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const CPE = DEVICE_DEMO.cpe;
const MULTI = DEVICE_DEMO.multiSim;
const OFFLINE = DEVICE_DEMO.offline;

// one fake GenieACS per database: each run's clock starts afresh, and tasks a router left faulted stay
const fakes = new Map<string, FakeAcs>();
for (const kind of databases()) fakes.set(kind, await startFakeAcs({ now: () => clock.now().getTime() }));
afterAll(() => Promise.all([...fakes.values()].map((f) => f.close())));

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

interface Row {
  custom_num: string;
  serial: string;
  online: boolean;
  reachable: boolean;
  last_inform: string;
  acs: string;
  tasks: { id: number; kind: string; state: string; reason: string; fault_code: string }[];
}

for (const kind of databases()) {
  describe(`the console's list of wifi devices (${kind})`, () => {
    const fake = fakes.get(kind)!;
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...base.acs, url: fake.baseUrl } });
    let token: string;
    const list = async (cookie: string, query = '') =>
      ok<{ items: Row[]; truncated: boolean }>(await adminGet(t, `/api/admin/devices/overview${query}`, cookie));

    beforeAll(async () => {
      fake.addDevice({ ...demoZteCpe(CPE.serial, clock.now().getTime() - 60_000) });
      token = await t.loginAccount();
    });

    it('lists the devices with online, last inform and the ACS; a failed task with its reason and code', async () => {
      fake.faultNext(CPE.serial, 'cwmp.9007', 'Invalid parameter value');
      const before = clock.now().getTime();
      const failed = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: 'Refused' }, token));
      expect(failed.state).toBe('failed');
      const cookie = await loginAs(t, 'support');
      const all = await list(cookie);
      const cpe = all.items.find((r) => r.serial === CPE.serial)!;
      expect(cpe).toMatchObject({ custom_num: CPE.customNum, online: true, reachable: true, acs: 'default' });
      // the router called in for the change's session
      expect(Date.parse(cpe.last_inform)).toBeGreaterThanOrEqual(before);
      expect(cpe.tasks).toEqual([
        expect.objectContaining({
          id: failed.id,
          kind: 'wifi',
          state: 'failed',
          fault_code: 'cwmp.9007',
          reason: '设备执行失败：设备不接受该设置值',
        }),
      ]);
      expect(all.items.map((r) => r.serial)).toEqual(expect.arrayContaining([MULTI.serial, OFFLINE.serial]));
      // filters: offline only, failed tasks only, one card
      const offline = await list(cookie, '?presence=offline');
      expect(offline.items.every((r) => !r.online)).toBe(true);
      expect(offline.items.map((r) => r.serial)).not.toContain(CPE.serial);
      expect((await list(cookie, '?task=failed')).items.map((r) => r.serial)).toEqual([CPE.serial]);
      expect((await list(cookie, `?q=${MULTI.customNum}`)).items.map((r) => r.serial)).toEqual([MULTI.serial]);
      expect((await list(cookie, `?q=${MULTI.serial}`)).items.map((r) => r.serial)).toEqual([MULTI.serial]);
    });

    it('a pending task on the ACS is followed: the list shows it applied once the router ran it', async () => {
      fake.setOnline(CPE.serial, false);
      const queued = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: 'Queued' }, token));
      expect(queued.state).toBe('pending');
      const cookie = await loginAs(t, 'support');
      expect((await list(cookie, '?task=pending')).items.map((r) => r.serial)).toEqual([CPE.serial]);
      fake.inform(CPE.serial);
      expect((await list(cookie, '?task=pending')).items).toEqual([]);
      const row = await t.db.kysely.selectFrom('device_changes').select('state').where('id', '=', queued.id).executeTakeFirstOrThrow();
      expect(row.state).toBe('applied');
    });

    it('an agent administrator sees only their agent’s devices; a bad filter is refused', async () => {
      const acme = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow();
      await t.db.kysely.updateTable('cards').set({ agent_id: acme.id }).where('custom_num', '=', MULTI.customNum).execute();
      const agent = await loginAs(t, 'agent');
      const mine = await list(agent);
      expect(mine.items.map((r) => r.serial)).toContain(CPE.serial);
      expect(mine.items.map((r) => r.serial)).not.toContain(MULTI.serial);
      expect((await list(agent, `?q=${MULTI.customNum}`)).items).toEqual([]);
      // the platform sees it
      expect((await list(await loginAs(t, 'admin'), `?q=${MULTI.customNum}`)).items).toHaveLength(1);
      const bad = await adminGet(t, '/api/admin/devices/overview?presence=sometimes', agent);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('在线状态有误');
      await t.db.kysely
        .updateTable('cards')
        .set({ agent_id: (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id })
        .where('custom_num', '=', MULTI.customNum)
        .execute();
    });
  });
}
