// Routers behind a slow ACS (docs/decisions/0061-routers-behind-a-slow-acs.md). GenieACS stores a
// task, asks the router to connect, and may hold the POST until the router's session ends (about
// 120 s) — longer than the portal's HTTP client waits. The fake holds the router's sessions until the
// test releases them, so the client's timeout always comes first: the change is 待生效 (never an
// error), followed on /tasks without a second task, then 已生效 — or failed with the router's reason
// when it refuses a parameter (a 9003 naming the passphrase with 9007). A passphrase the router
// reads back empty is 未读取, never shown as "". SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { startFakeAcs, type FakeAcs } from '../src/integrations/device/genieacs/fake';
import { clock } from '../src/lib/clock';
import { MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminGet, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const CPE = DEVICE_DEMO.cpe;
const SSID = 'Device.WiFi.SSID.1.SSID';
const PASS = 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase';
/** the HTTP client's limit in these tests (s): a held POST is given up after it */
const HTTP_TIMEOUT_MS = 3000;

// one fake GenieACS per database: each run's clock starts afresh, and tasks a router left faulted stay
const fakes = new Map<string, FakeAcs>();
for (const kind of databases()) fakes.set(kind, await startFakeAcs({ now: () => clock.now().getTime() }));
afterAll(() => Promise.all([...fakes.values()].map((f) => f.close())));

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

/** The setParameterValues tasks the portal posted for the router (a second one would change it twice). */
const posted = (f: FakeAcs, value: string) =>
  f.calls().filter((c) => c.method === 'POST' && c.rawPath.includes('/tasks') && c.body.includes(value));

for (const kind of databases()) {
  describe(`routers behind a slow ACS (${kind})`, () => {
    const fake = fakes.get(kind)!;
    const base = loadConfig({ NODE_ENV: 'test' });
    const t = useTestApp(kind, {
      deviceModelsDir: MODELS_DIR,
      acs: { ...base.acs, url: fake.baseUrl, timeoutMs: HTTP_TIMEOUT_MS, taskTimeoutMs: 60_000 },
    });
    let token: string;
    let acsId: string;
    const change = (id: number) => t.get(`/api/v1/device/change?custom_num=${CPE.customNum}&id=${id}`, token);

    beforeAll(async () => {
      acsId = fake.addDevice(demoZteCpe(CPE.serial, clock.now().getTime() - 60_000));
      token = await t.loginAccount();
    });

    it('a task held past the HTTP timeout is 待生效, followed without a second task, then 已生效', async () => {
      fake.holdSessions(CPE.serial);
      const res = await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: `Slow-Session-${kind}` }, token);
      const pending = ok(res);
      expect(pending).toMatchObject({ state: 'pending', state_text: '待生效', reason: '' });
      // the NBI's wait for the session stays below the client's own limit, with a margin
      const [call] = posted(fake, `Slow-Session-${kind}`);
      expect(Number(call!.query.timeout)).toBeLessThanOrEqual(HTTP_TIMEOUT_MS - 2000);
      // still held: looked up on /tasks by device and parameter, and adopted — not sent again
      expect(ok(await change(pending.id))).toMatchObject({ state: 'pending', state_text: '待生效' });
      const [task] = fake.tasks().filter((x) => JSON.stringify(x.parameterValues).includes(`Slow-Session-${kind}`));
      const row = await t.db.kysely.selectFrom('acs_commands').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.task_id).toBe(task!._id);
      expect(JSON.parse(row.parameters)).toEqual([[SSID, `Slow-Session-${kind}`]]);
      // the session ends: the router ran it
      fake.releaseSessions(CPE.serial);
      expect(ok(await change(pending.id))).toMatchObject({ state: 'applied', state_text: '已生效' });
      expect(fake.value(CPE.serial, SSID)).toBe(`Slow-Session-${kind}`);
      expect(posted(fake, `Slow-Session-${kind}`)).toHaveLength(1);
      // the holder's page reads it as the router's name now
      expect(ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token)).ssid).toBe(`Slow-Session-${kind}`);
    });

    it('a held task the router ran before anybody looked is 已生效 by its parameters’ stamps', async () => {
      fake.holdSessions(CPE.serial);
      clock.advance(1000);
      const pending = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: `Ran-Unseen-${kind}` }, token));
      expect(pending.state).toBe('pending');
      fake.releaseSessions(CPE.serial);
      expect(fake.tasks().filter((x) => JSON.stringify(x.parameterValues).includes(`Ran-Unseen-${kind}`))).toHaveLength(0);
      expect(ok(await change(pending.id))).toMatchObject({ state: 'applied' });
      expect(posted(fake, `Ran-Unseen-${kind}`)).toHaveLength(1);
    });

    it('a held task refused for one parameter fails with that parameter’s reason, for the holder and for support', async () => {
      fake.holdSessions(CPE.serial);
      fake.faultNext(CPE.serial, 'cwmp.9003', 'Invalid arguments', {
        faultCode: '9003',
        faultString: 'Invalid arguments',
        setParameterValuesFault: [{ parameterName: PASS, faultCode: '9007', faultString: 'Invalid parameter value' }],
      });
      const pending = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, password: 'x'.repeat(63) }, token));
      expect(pending.state).toBe('pending');
      fake.releaseSessions(CPE.serial);
      const reason = '设备执行失败：WiFi密码：无效的参数值（设备不接受该设置值）';
      expect(ok(await change(pending.id))).toMatchObject({ state: 'failed', reason });
      const cookie = await loginAs(t, 'support');
      const view = ok(await adminGet(t, `/api/admin/devices/tasks?custom_num=${CPE.customNum}`, cookie));
      expect(view.items.find((i: { id: number }) => i.id === pending.id)).toMatchObject({
        state: 'failed',
        reason,
        fault_code: 'cwmp.9003/9007',
        can_retry: true,
      });
    });

    it('a nested 9007 answered at once gives its reason too', async () => {
      fake.faultNext(CPE.serial, 'cwmp.9003', 'Invalid arguments', {
        faultCode: '9003',
        faultString: 'Invalid arguments',
        setParameterValuesFault: [{ parameterName: SSID, faultCode: '9007', faultString: 'Invalid parameter value' }],
      });
      const failed = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: `Too-Odd-${kind}` }, token));
      expect(failed).toMatchObject({ state: 'failed', reason: '设备执行失败：WiFi名称：无效的参数值（设备不接受该设置值）' });
    });

    it('a task GenieACS never stored is failed (未生效) once it could no longer be held, never 已生效', async () => {
      fake.holdSessions(CPE.serial);
      clock.advance(1000);
      const pending = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: `Never-Stored-${kind}` }, token));
      // as if the request had been lost on its way: the NBI holds no task for it
      const [task] = fake.tasks().filter((x) => JSON.stringify(x.parameterValues).includes(`Never-Stored-${kind}`));
      expect((await fetch(`${fake.baseUrl}/tasks/${task!._id}`, { method: 'DELETE' })).status).toBe(200);
      fake.releaseSessions(CPE.serial);
      expect(ok(await change(pending.id)).state).toBe('pending');
      clock.advance(6 * 60_000);
      expect(ok(await change(pending.id))).toMatchObject({ state: 'failed', reason: '设备管理平台未收到该操作，设置未生效，请重新提交' });
      expect(fake.value(CPE.serial, SSID)).not.toBe(`Never-Stored-${kind}`);
      fake.inform(CPE.serial);
    });

    it('a passphrase the router reads back empty is 未读取, never shown; the one the portal set is kept', async () => {
      // GenieACS read the whole Wi-Fi tree (a preset's refresh): the router answered "" for its passphrase
      const refresh = await fetch(`${fake.baseUrl}/devices/${encodeURIComponent(acsId)}/tasks?connection_request`, {
        method: 'POST',
        body: JSON.stringify({ name: 'refreshObject', objectName: 'Device.WiFi' }),
      });
      expect(refresh.status).toBe(200);
      expect(fake.value(CPE.serial, PASS)).toBe('');
      const hidden = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token));
      expect(hidden).toMatchObject({ password: '', password_read: false, join_uri: '' });
      // the holder sets one: it is the one shown, and a later refresh of stale values does not read it back as ""
      const set = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, password: 'set-by-portal-1' }, token));
      expect(set.state).toBe('applied');
      clock.advance(10 * 60_000);
      fake.inform(CPE.serial);
      clock.advance(10 * 60_000);
      const shown = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE.customNum}`, token));
      expect(shown).toMatchObject({ password: 'set-by-portal-1', password_read: true });
      expect(shown.join_uri).toContain('set-by-portal-1');
      const refreshes = fake.calls().filter((c) => c.method === 'POST' && c.body.includes('getParameterValues'));
      expect(refreshes.length).toBeGreaterThan(0);
      expect(refreshes.every((c) => !c.body.includes('KeyPassphrase'))).toBe(true);
    });

    it('never keeps a wifi password in the portal’s tables', async () => {
      const rows = [
        ...(await t.db.kysely.selectFrom('acs_commands').selectAll().execute()),
        ...(await t.db.kysely.selectFrom('device_changes').selectAll().execute()),
      ];
      expect(JSON.stringify(rows)).not.toContain('set-by-portal-1');
      expect(JSON.stringify(rows)).not.toContain('x'.repeat(63));
    });
  });
}
