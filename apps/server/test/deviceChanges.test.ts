// Devices API, changes: queued for the device's check-in (待生效 → 已生效 / 失败), an offline device's
// queue and its cancel, reboot offline and back, factory reset, a failed switch rolled back,
// rate-limited reboots, binding by serial + card number, the simulator's hardware panel, several
// server processes on one database. Time is moved with the clock (lib/clock), never slept. SQLite
// and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { connect } from '../src/db/connect';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { DeviceSimulator } from '../src/integrations/device/simulator';
import { clock } from '../src/lib/clock';
import { expectRejected } from './badInput';
import { databases, useTestApp } from './harness';
import {
  CHECKIN_MS,
  REBOOT_MS,
  CPE,
  MULTI,
  OFFLINE,
  UNBOUND,
  PW,
  ok,
  untilCheckin,
  justAfterCheckin,
  DEVICES_APP,
  deviceSetUp,
  deviceReads,
} from './devicesHelpers';

describe.each(databases())('device changes on %s', (kind) => {
  const t = useTestApp(kind, DEVICES_APP);
  let demo: string;
  let other: string;
  let sim: DeviceSimulator;

  beforeAll(async () => {
    ({ demo, other, sim } = await deviceSetUp(t));
  });

  const { status, change } = deviceReads(t, () => demo);

  describe('the queue: 待生效 until the next check-in, then 已生效', () => {
    it('changes the wifi password of 1000000011 at the check-in, and logs who and what (never the password)', async () => {
      await justAfterCheckin(t, CPE);
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE, password: 'newpass2024' }, demo));
      expect(c).toMatchObject({
        kind: 'wifi',
        summary: '修改WiFi密码',
        state: 'pending',
        state_text: '待生效',
        note: '设备下次联网时生效（约5秒内）',
        requested_by: 'demo',
        settled_at: '',
        cancellable: true,
      });
      // not yet (half an interval later): the device still has the old password, and the change shows as pending
      clock.advance(CHECKIN_MS / 2);
      const before = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE}`, demo));
      expect(before.password).toBe('cl0011wifi');
      expect(before.pending.map((p: { id: number }) => p.id)).toEqual([c.id]);
      expect((await change(CPE, c.id)).state).toBe('pending');

      await untilCheckin(t, CPE);
      const after = await change(CPE, c.id);
      expect(after).toMatchObject({ state: 'applied', state_text: '已生效', note: '', cancellable: false, reason: '' });
      expect(after.settled_at).not.toBe('');
      const wifi = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE}`, demo));
      expect(wifi).toMatchObject({ password: 'newpass2024', pending: [], join_uri: 'WIFI:T:WPA;S:CPE5G-0011;P:newpass2024;;' });

      const log = ok(await t.get(`/api/v1/device/changes?custom_num=${CPE}`, demo)).list;
      expect(log[0]).toMatchObject({ id: c.id, summary: '修改WiFi密码', state: 'applied', requested_by: 'demo' });
      // the device cloud forgets the password it no longer needs
      const payloads = await t.db.kysely.selectFrom('sim_device_commands').select('payload').execute();
      expect(payloads.map((p) => p.payload).join()).not.toContain('newpass2024');
      const logged = await t.db.kysely.selectFrom('device_changes').select('summary').execute();
      expect(logged.map((p) => p.summary).join()).not.toContain('newpass2024');
    });

    it('blocks a connected client, then lets it back', async () => {
      await justAfterCheckin(t, CPE);
      const mac = 'a4-c3-f0-12-34-01';
      const c = ok(await t.post('/api/v1/device/clients/block', { custom_num: CPE, mac }, demo));
      expect(c).toMatchObject({ kind: 'block_client', summary: '拉黑终端「小米14」（A4:C3:F0:12:34:01）', state: 'pending' });
      expect(ok(await t.get(`/api/v1/device/clients?custom_num=${CPE}`, demo)).pending).toHaveLength(1);
      await untilCheckin(t, CPE);
      const clients = ok(await t.get(`/api/v1/device/clients?custom_num=${CPE}`, demo));
      expect(clients.list.find((x: { mac: string }) => x.mac === 'A4:C3:F0:12:34:01').blocked).toBe(true);
      expect(clients.pending).toEqual([]);
      expect((await status(CPE)).client_count).toBe(3);

      const again = await t.post('/api/v1/device/clients/block', { custom_num: CPE, mac }, demo);
      expect(expectRejected(again).code).toBe(DeviceCode.NOTHING_TO_CHANGE);
      const u = ok(await t.post('/api/v1/device/clients/unblock', { custom_num: CPE, mac }, demo));
      await untilCheckin(t, CPE);
      expect((await change(CPE, u.id)).state).toBe('applied');
      expect((await status(CPE)).client_count).toBe(4);
    });

    it('applies a due check-in once when many requests read at the same moment', async () => {
      await justAfterCheckin(t, CPE);
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE, max_clients: 20 }, demo));
      await untilCheckin(t, CPE);
      const reads = await Promise.all([...Array(6)].map(() => change(CPE, c.id)));
      expect(new Set(reads.map((r) => r.state))).toEqual(new Set(['applied']));
      expect(new Set(reads.map((r) => r.settled_at)).size).toBe(1);
      expect((await status(CPE)).wifi.max_clients).toBe(20);
    });

    it('cannot withdraw what the device has already applied', async () => {
      await justAfterCheckin(t, CPE);
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE, hidden: true }, demo));
      await untilCheckin(t, CPE);
      const res = await t.post('/api/v1/device/change/cancel', { custom_num: CPE, id: c.id }, demo);
      expect(expectRejected(res).code).toBe(DeviceCode.CHANGE_SETTLED);
      expect((await change(CPE, c.id)).state).toBe('applied');
      expect((await status(CPE)).wifi.hidden).toBe(true);
    });
  });

  describe('an offline device keeps changes queued', () => {
    it('says 设备离线，上线后生效, keeps the change for as long as it is off, and the owner cancels it', async () => {
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: OFFLINE, ssid: '我的随身WiFi' }, demo));
      expect(c).toMatchObject({ state: 'pending', note: '设备离线，上线后生效', summary: 'WiFi名称改为「我的随身WiFi」' });
      clock.advance(10 * 60_000);
      expect((await change(OFFLINE, c.id)).state).toBe('pending');
      const cancelled = ok(await t.post('/api/v1/device/change/cancel', { custom_num: OFFLINE, id: c.id }, demo));
      expect(cancelled).toMatchObject({ state: 'cancelled', state_text: '已撤销', cancellable: false });
      const twice = await t.post('/api/v1/device/change/cancel', { custom_num: OFFLINE, id: c.id }, demo);
      expect(expectRejected(twice).code).toBe(DeviceCode.CHANGE_SETTLED);
    });

    it('applies what is still queued when the device comes back online; the cancelled change never', async () => {
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: OFFLINE, password: 'backonline1' }, demo));
      clock.advance(60_000);
      await sim.powerOn(DEVICE_DEMO.offline.serial);
      clock.advance(1);
      expect((await change(OFFLINE, c.id)).state).toBe('applied');
      const s = await status(OFFLINE);
      expect(s.online).toBe(true);
      expect(s.wifi.ssid).toBe('MiFi4G-0016');
      expect(ok(await t.get(`/api/v1/device/wifi?custom_num=${OFFLINE}`, demo)).password).toBe('backonline1');
    });
  });

  describe('reboot', () => {
    it('takes the device offline for a while, then it is back; a change made meanwhile waits for it', async () => {
      await justAfterCheckin(t, CPE);
      const r = ok(await t.post('/api/v1/device/reboot', { custom_num: CPE, confirm: true }, demo));
      expect(r).toMatchObject({ kind: 'reboot', state: 'pending', summary: '重启设备' });
      const dup = await t.post('/api/v1/device/reboot', { custom_num: CPE, confirm: true }, demo);
      expect(expectRejected(dup).code).toBe(DeviceCode.CHANGE_PENDING);

      await untilCheckin(t, CPE);
      expect((await change(CPE, r.id)).state).toBe('applied');
      const down = await status(CPE);
      expect(down).toMatchObject({ online: false, uptime_seconds: 0, signal: null, signal_verdict: 'none' });
      expect(down.back_online_at).not.toBe('');

      const w = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE, ssid: 'Home-5G' }, demo));
      expect(w.note).toBe('设备重启中，上线后生效');
      clock.advance(REBOOT_MS - 2_000);
      expect((await status(CPE)).online).toBe(false);
      expect((await change(CPE, w.id)).state).toBe('pending');

      clock.advance(2_100);
      const up = await status(CPE);
      expect(up).toMatchObject({ online: true, back_online_at: '', wifi: { ssid: 'Home-5G' } });
      expect(up.uptime_seconds).toBeLessThan(5);
      expect((await change(CPE, w.id)).state).toBe('applied');
    });
  });

  describe('factory reset', () => {
    it('restores the label’s wifi, forgets clients and blocks, reboots; a second reset the same day is the last', async () => {
      await justAfterCheckin(t, CPE);
      const r = ok(await t.post('/api/v1/device/reset', { custom_num: CPE, confirm: true }, demo));
      expect(r).toMatchObject({ kind: 'reset', kind_text: '恢复出厂设置', state: 'pending' });
      expect(r.summary).toMatch(/WiFi名称和密码、拉黑名单、网络模式恢复出厂值/);
      await untilCheckin(t, CPE);
      expect((await change(CPE, r.id)).state).toBe('applied');
      expect((await status(CPE)).online).toBe(false);
      clock.advance(REBOOT_MS + 1);
      const s = await status(CPE);
      expect(s).toMatchObject({
        online: true,
        network_mode: 'auto',
        client_count: 0,
        wifi: { ssid: 'CPE5G-0011', hidden: false, max_clients: 32 },
      });
      expect(ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE}`, demo)).password).toBe('cl0011wifi');
      expect(ok(await t.get(`/api/v1/device/clients?custom_num=${CPE}`, demo)).list).toEqual([]);

      ok(await t.post('/api/v1/device/reset', { custom_num: CPE, confirm: true }, demo));
      await untilCheckin(t, CPE);
      clock.advance(REBOOT_MS + 1);
      expect((await status(CPE)).online).toBe(true);
      const third = await t.post('/api/v1/device/reset', { custom_num: CPE, confirm: true }, demo);
      expect(expectRejected(third, 429).message).toMatch(/恢复出厂设置过于频繁/);
    });
  });

  describe('switching SIMs', () => {
    it('fails to attach to a carrier without usable signal and stays on the old one', async () => {
      const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${MULTI}`, demo));
      const telecom = sims.list.find((s: { carrier: number }) => s.carrier === 3);
      await justAfterCheckin(t, MULTI);
      const c = ok(await t.post('/api/v1/device/sims/switch', { custom_num: MULTI, iccid: telecom.iccid }, demo));
      expect(c).toMatchObject({ kind: 'switch_sim', summary: '切换到中国电信（卡槽3）', state: 'pending' });
      await untilCheckin(t, MULTI);
      const done = await change(MULTI, c.id);
      expect(done).toMatchObject({ state: 'failed', state_text: '失败', reason: '中国电信信号过弱，无法注册到网络，已回退到中国移动' });
      const after = ok(await t.get(`/api/v1/device/sims?custom_num=${MULTI}`, demo));
      expect(after.list.find((s: { active: boolean }) => s.active).carrier).toBe(1);
      expect((await status(MULTI)).carrier_name).toBe('中国移动');
    });

    it('switches to a carrier with signal', async () => {
      const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${MULTI}`, demo));
      const unicom = sims.list.find((s: { carrier: number }) => s.carrier === 2);
      await justAfterCheckin(t, MULTI);
      const c = ok(await t.post('/api/v1/device/sims/switch', { custom_num: MULTI, iccid: unicom.iccid }, demo));
      await untilCheckin(t, MULTI);
      expect((await change(MULTI, c.id)).state).toBe('applied');
      const s = await status(MULTI);
      expect(s).toMatchObject({ carrier: 2, carrier_name: '中国联通', signal_text: '中' });
      const same = await t.post('/api/v1/device/sims/switch', { custom_num: MULTI, iccid: unicom.iccid }, demo);
      expect(expectRejected(same).code).toBe(DeviceCode.NOTHING_TO_CHANGE);
      // card info (home's 可用网络) follows the device, not a record of its own
      const info = ok(await t.get(`/api/v2/card/info?custom_num=${MULTI}`, demo));
      const active = info.info.networks.filter((n: { active: boolean }) => n.active);
      expect(active).toEqual([expect.objectContaining({ carrier: 2, name: '中国联通', signal: 3 })]);
    });

    it('sets 4G only, and the device reports 4G', async () => {
      await justAfterCheckin(t, MULTI);
      const c = ok(await t.post('/api/v1/device/network_mode', { custom_num: MULTI, mode: '4g' }, demo));
      await untilCheckin(t, MULTI);
      expect((await change(MULTI, c.id)).state).toBe('applied');
      expect((await status(MULTI)).signal).toMatchObject({ network_type: '4G', band: 'B3' });
    });
  });

  describe('rate limit', () => {
    it('refuses a fourth reboot within 10 minutes (429), and a card-number login may reboot its own device', async () => {
      const cardToken = await t.loginCard(MULTI);
      for (let i = 0; i < 3; i++) {
        const r = ok(await t.post('/api/v1/device/reboot', { custom_num: MULTI, confirm: true }, i === 2 ? cardToken : demo));
        await untilCheckin(t, MULTI);
        expect((await change(MULTI, r.id)).state).toBe('applied');
        clock.advance(REBOOT_MS + 1);
        expect((await status(MULTI)).online).toBe(true);
      }
      const log = ok(await t.get(`/api/v1/device/changes?custom_num=${MULTI}`, demo)).list;
      expect(log[0].requested_by).toBe(`卡号登录 ${MULTI}`);
      const before = await t.db.kysely.selectFrom('device_changes').select('id').execute();
      const fourth = await t.post('/api/v1/device/reboot', { custom_num: MULTI, confirm: true }, demo);
      const body = expectRejected(fourth, 429);
      expect(body.code).toBe(Code.RATE_LIMITED);
      expect(body.message).toMatch(/重启过于频繁，请\d+分钟后再试/);
      expect(await t.db.kysely.selectFrom('device_changes').select('id').execute()).toHaveLength(before.length);
      clock.advance(10 * 60_000);
      ok(await t.post('/api/v1/device/reboot', { custom_num: MULTI, confirm: true }, demo));
    });
  });

  describe('binding by serial and card number', () => {
    it('adds the unbound device for a user (serial in any case), idempotently; nobody else can then', async () => {
      const first = ok(
        await t.post('/api/v1/device/bind', { serial: UNBOUND.serial.toLowerCase(), custom_num: UNBOUND.customNum, password: PW }, other),
      );
      expect(first).toMatchObject({
        already_bound: false,
        device: { custom_num: UNBOUND.customNum, serial: UNBOUND.serial, online: true },
      });
      expect(
        ok(await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: PW }, other))
          .already_bound,
      ).toBe(true);
      expect(ok(await t.get('/api/v1/device/list', other)).list.map((d: { serial: string }) => d.serial)).toEqual([UNBOUND.serial]);
      // its card came along: the new owner sees it among their cards
      const cards = ok(await t.get('/api/v1/card/bind_list', other)).list.map((c: { custom_num: string }) => c.custom_num);
      expect(cards).toEqual([UNBOUND.customNum]);
      const taken = await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: PW }, demo);
      expect(expectRejected(taken).code).toBe(DeviceCode.ALREADY_BOUND);
    });

    it('unbinds: the device and its card are released, and another user can add it', async () => {
      expect(ok(await t.post('/api/v1/device/unbind', { custom_num: UNBOUND.customNum, password: PW }, other))).toEqual({
        custom_num: UNBOUND.customNum,
        serial: UNBOUND.serial,
      });
      expect(ok(await t.get('/api/v1/device/list', other)).list).toEqual([]);
      expectRejected(await t.get(`/api/v1/device/status?custom_num=${UNBOUND.customNum}`, other));
      ok(await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: PW }, demo));
      expect((await status(UNBOUND.customNum)).serial).toBe(UNBOUND.serial);
    });

    it('refuses an unknown serial, a wrong pair and a wrong password with one answer; ten misses an hour block the account (only counters are written)', async () => {
      const token = other;
      const before = await t.snapshot();
      const refusals = [
        await t.post('/api/v1/device/bind', { serial: 'NOPE-000000', custom_num: UNBOUND.customNum, password: PW }, token),
        await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: '1000000020', password: PW }, token),
        await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: '000000' }, token),
      ].map((r) => expectRejected(r));
      expect(new Set(refusals.map((r) => r.code))).toEqual(new Set([Code.CARD_PASSWORD_WRONG]));
      for (const r of refusals) expect(r.message).toMatch(/^设备序列号、卡号或卡密码不正确，还可尝试\d次$/);
      // the per-card counters of this account, the account's and the address's
      expect((await t.snapshot()).throttles).toBeGreaterThan(before.throttles!);
      expect({ ...(await t.snapshot()), throttles: 0 }).toEqual({ ...before, throttles: 0 });
      for (let i = 4; i <= 9; i++)
        expectRejected(await t.post('/api/v1/device/bind', { serial: `NOPE-00000${i}`, custom_num: `199999990${i}`, password: PW }, token));
      const tenth = expectRejected(
        await t.post('/api/v1/device/bind', { serial: 'NOPE-000010', custom_num: '1999999910', password: PW }, token),
        429,
      );
      expect(tenth.message).toBe('卡密码错误次数过多，请60分钟后再试');
      // blocked: even the right triple waits
      const right = { serial: DEVICE_DEMO.cpe.serial, custom_num: CPE, password: PW };
      expectRejected(await t.post('/api/v1/device/bind', right, token), 429);
      clock.advance(61 * 60_000);
      expect(expectRejected(await t.post('/api/v1/device/bind', right, token)).code).toBe(DeviceCode.ALREADY_BOUND);
    });

    it('a card-number login cannot add or remove devices', async () => {
      const cardToken = await t.loginCard(CPE);
      const before = await t.snapshot();
      expectRejected(
        await t.post('/api/v1/device/bind', { serial: UNBOUND.serial, custom_num: UNBOUND.customNum, password: PW }, cardToken),
        403,
      );
      expectRejected(await t.post('/api/v1/device/unbind', { custom_num: CPE }, cardToken), 403);
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('the simulator’s hardware panel (/sim/device/:serial)', () => {
    it('switches a device off and on, as a person holding it would', async () => {
      const serial = DEVICE_DEMO.offline.serial;
      const page = await t.get(`/sim/device/${serial}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('在线');
      expect(page.body).not.toContain('backonline1'); // never the owner's wifi password
      const off = await t.inject({
        method: 'POST',
        url: `/sim/device/${serial}/power`,
        payload: 'on=0',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(off.statusCode).toBe(303);
      expect((await status(OFFLINE)).online).toBe(false);
      const on = await t.inject({
        method: 'POST',
        url: `/sim/device/${serial}/power`,
        payload: 'on=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(on.statusCode).toBe(303);
      expect((await status(OFFLINE)).online).toBe(true);
      expect((await t.get('/sim/device/NOPE-000000')).body).toContain('没有序列号为 NOPE-000000 的设备');
    });
  });

  describe('several server processes on one database', () => {
    it('two simulators reading at once apply a due command once (the device added above)', async () => {
      // PostgreSQL: a second connection pool, as a second process has; SQLite (in memory): a second
      // simulator on the same connection
      const second = kind === 'postgres' ? await connect(t.config.databaseUrl) : null;
      try {
        const sim2 = new DeviceSimulator(second ?? t.db, { checkinMs: CHECKIN_MS, rebootMs: REBOOT_MS });
        await justAfterCheckin(t, UNBOUND.customNum);
        const c = ok(await t.post('/api/v1/device/clients/block', { custom_num: UNBOUND.customNum, mac: '2C:5B:B8:10:20:30' }, demo));
        await untilCheckin(t, UNBOUND.customNum);
        const serial = UNBOUND.serial;
        await Promise.all([sim.status(serial), sim2.status(serial), sim.status(serial), sim2.status(serial)]);
        const cmd = await t.db.kysely
          .selectFrom('sim_device_commands')
          .selectAll()
          .where('serial', '=', serial)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(cmd).toMatchObject({ kind: 'block_client', state: 'applied' });
        expect((await change(UNBOUND.customNum, c.id)).state).toBe('applied');
      } finally {
        await second?.close();
      }
    });
  });
});
