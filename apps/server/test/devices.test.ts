// Devices API, reading: the owner's devices, status, wifi, clients, SIMs; the access rule (another
// user's device answers like an unknown one) and bad input. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';
import { CPE, MULTI, OFFLINE, PW, ok, DEVICES_APP, deviceSetUp, deviceReads } from './devicesHelpers';

describe.each(databases())('devices on %s', (kind) => {
  const t = useTestApp(kind, DEVICES_APP);
  let demo: string;
  let other: string;

  beforeAll(async () => {
    ({ demo, other } = await deviceSetUp(t));
  });

  const { status } = deviceReads(t, () => demo);

  describe('reading', () => {
    it('lists the demo user’s devices: the CPE, the multi-SIM MiFi and the offline MiFi', async () => {
      const list = ok(await t.get('/api/v1/device/list', demo)).list;
      expect(list.map((d: { custom_num: string }) => d.custom_num)).toEqual([CPE, MULTI, OFFLINE]);
      expect(list[0]).toEqual({
        custom_num: CPE,
        serial: DEVICE_DEMO.cpe.serial,
        model: 10,
        model_name: '5G CPE Pro',
        portable: false,
        online: true,
        battery: null,
        carrier: 2,
        carrier_name: '中国联通',
        signal_verdict: 'strong',
        signal_text: '强',
        reachable: true,
        reach_text: '',
      });
      expect(list[2]).toMatchObject({ online: false, battery: 3, carrier: null, signal_verdict: 'none', signal_text: '无信号' });
      expect(ok(await t.get('/api/v1/device/list', other)).list).toEqual([]);
    });

    it('says a 4G MiFi is on 4G, with no 5G to prefer', async () => {
      // the offline MiFi is a 4G one (5G only is refused for it, below)
      expect((await status(OFFLINE)).network_mode_text).toBe('4G网络');
      // a 5G MiFi keeps the mode's own words
      expect((await status(MULTI)).network_mode_text).toBe('自动（5G优先）');
    });

    it('reports what the CPE reports: signal with its verdict, wifi, clients, uptime', async () => {
      const s = await status(CPE);
      expect(s).toMatchObject({
        online: true,
        imei: '868120041100118',
        firmware: expect.stringMatching(/^V3/),
        network_mode: 'auto',
        network_mode_text: '自动（5G优先）',
        signal: { network_type: '5G', band: 'n78', rsrp: -84, sinr: 19, rsrq: -9, verdict: 'strong', verdict_text: '强' },
        wifi: { ssid: 'CPE5G-0011', hidden: false, security: 'wpa2_wpa3', band: 'both', max_clients: 32 },
        client_count: 4,
        sim_count: 1,
        pending: [],
        checkin_seconds: 5,
        back_online_at: '',
      });
      expect(s.uptime_seconds).toBeGreaterThan(3 * 86_400);
      const clients = ok(await t.get(`/api/v1/device/clients?custom_num=${CPE}`, demo));
      expect(clients.list.map((c: { name: string }) => c.name)).toEqual(['客厅电视', '小米14', 'iPad Air', 'MacBook Pro']);
      const wifi = ok(await t.get(`/api/v1/device/wifi?custom_num=${CPE}`, demo));
      expect(wifi).toMatchObject({ ssid: 'CPE5G-0011', password: 'cl0011wifi', join_uri: 'WIFI:T:WPA;S:CPE5G-0011;P:cl0011wifi;;' });
    });

    it('shows the multi-SIM device’s three carriers with signal, the weak one 弱, and the plan they share from the line', async () => {
      const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${MULTI}`, demo));
      expect(sims.multi_sim).toBe(true);
      expect(sims.list.map((s: any) => [s.carrier_name, s.active, s.online, s.signal?.verdict_text])).toEqual([
        ['中国移动', true, true, '强'],
        ['中国联通', false, false, '中'],
        ['中国电信', false, false, '弱'],
      ]);
      // the SIMs share the card's plan: the same figures as the usage page, never the device's own
      const flow = ok(await t.get(`/api/v2/card/flow?custom_num=${MULTI}`, demo));
      expect(sims.plan).toEqual(flow.package);
      expect(sims.plan.total_kb).toBe(200 * 1024 * 1024);
      expect(sims.list[0].remaining_kb).toBeUndefined();
    });
  });

  describe('authorization: another user’s device answers like an unknown one, and nothing is written', () => {
    it('refuses every read and change of 1000000011 by another user', async () => {
      const unknown = expectRejected(await t.get('/api/v1/device/status?custom_num=1999999999', other));
      const noDevice = expectRejected(await t.get('/api/v1/device/status?custom_num=1000000001', demo));
      for (const body of [unknown, noDevice]) expect(body).toEqual({ code: DeviceCode.NOT_FOUND, message: '未找到该设备', data: null });
      const cardLogin = await t.loginCard('1000000001');
      const same = { status: 400, code: DeviceCode.NOT_FOUND, message: /^未找到该设备$/ };
      await expectAllRejectedWithoutWrites(t, [
        { name: 'status', send: () => t.get(`/api/v1/device/status?custom_num=${CPE}`, other), ...same },
        { name: 'wifi', send: () => t.get(`/api/v1/device/wifi?custom_num=${CPE}`, other), ...same },
        { name: 'clients', send: () => t.get(`/api/v1/device/clients?custom_num=${CPE}`, other), ...same },
        { name: 'sims', send: () => t.get(`/api/v1/device/sims?custom_num=${MULTI}`, other), ...same },
        { name: 'changes', send: () => t.get(`/api/v1/device/changes?custom_num=${CPE}`, other), ...same },
        { name: 'wifi change', send: () => t.post('/api/v1/device/wifi', { custom_num: CPE, password: 'stolen123' }, other), ...same },
        {
          name: 'block',
          send: () => t.post('/api/v1/device/clients/block', { custom_num: CPE, mac: 'A4:C3:F0:12:34:01' }, other),
          ...same,
        },
        { name: 'reboot', send: () => t.post('/api/v1/device/reboot', { custom_num: CPE, confirm: true }, other), ...same },
        { name: 'reset', send: () => t.post('/api/v1/device/reset', { custom_num: CPE, confirm: true }, other), ...same },
        { name: 'unbind', send: () => t.post('/api/v1/device/unbind', { custom_num: CPE }, other), ...same },
        { name: 'cancel', send: () => t.post('/api/v1/device/change/cancel', { custom_num: CPE, id: 1 }, other), ...same },
        { name: 'a card login of another card', send: () => t.get(`/api/v1/device/status?custom_num=${CPE}`, cardLogin), ...same },
      ]);
    });

    it('needs a login', async () => {
      expectRejected(await t.get(`/api/v1/device/status?custom_num=${CPE}`), 401);
    });
  });

  describe('bad input: a Chinese message, 4xx, nothing written', () => {
    it('refuses each rule', async () => {
      const wifi = (body: object) => () => t.post('/api/v1/device/wifi', { custom_num: CPE, ...body }, demo);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'SSID of 33 bytes (11 Chinese characters)', send: wifi({ ssid: '家'.repeat(11) }), status: 400, message: /32字节/ },
        { name: 'SSID of 33 ASCII bytes', send: wifi({ ssid: 'x'.repeat(33) }), status: 400, message: /32字节/ },
        { name: 'empty SSID', send: wifi({ ssid: '' }), status: 400, message: /请输入WiFi名称/ },
        { name: 'password of 7', send: wifi({ password: '1234567' }), status: 400, message: /至少8位/ },
        { name: 'password of 64', send: wifi({ password: 'x'.repeat(64) }), status: 400, message: /最多63位/ },
        { name: 'password with Chinese', send: wifi({ password: '密码12345678' }), status: 400, message: /不能含中文/ },
        { name: 'nothing to change', send: wifi({}), status: 400, message: /至少修改一项/ },
        { name: 'the same settings', send: wifi({ ssid: 'CPE5G-0011' }), code: DeviceCode.NOTHING_TO_CHANGE },
        { name: 'max clients 0', send: wifi({ max_clients: 0 }), status: 400, message: /最大连接数/ },
        { name: 'bad security', send: wifi({ security: 'wep' }), status: 400, message: /加密方式/ },
        {
          name: 'malformed MAC',
          send: () => t.post('/api/v1/device/clients/block', { custom_num: CPE, mac: 'not-a-mac' }, demo),
          status: 400,
          message: /MAC地址格式有误/,
        },
        {
          name: 'a MAC that is not connected',
          send: () => t.post('/api/v1/device/clients/block', { custom_num: CPE, mac: '00:11:22:33:44:55' }, demo),
          code: DeviceCode.CLIENT_NOT_CONNECTED,
          message: /未连接/,
        },
        {
          name: 'unblock a client that is not blocked',
          send: () => t.post('/api/v1/device/clients/unblock', { custom_num: CPE, mac: 'A4:C3:F0:12:34:01' }, demo),
          code: DeviceCode.CLIENT_NOT_CONNECTED,
          message: /不在拉黑名单/,
        },
        {
          name: 'a SIM that is not in the device',
          send: () => t.post('/api/v1/device/sims/switch', { custom_num: MULTI, iccid: '89860000000000000000' }, demo),
          code: DeviceCode.SIM_NOT_FOUND,
        },
        {
          name: '5G only on a 4G MiFi',
          send: () => t.post('/api/v1/device/network_mode', { custom_num: OFFLINE, mode: '5g' }, demo),
          code: DeviceCode.UNSUPPORTED,
        },
        {
          name: 'reboot without confirm',
          send: () => t.post('/api/v1/device/reboot', { custom_num: CPE }, demo),
          status: 400,
          message: /请确认/,
        },
        {
          name: 'reset with confirm false',
          send: () => t.post('/api/v1/device/reset', { custom_num: CPE, confirm: false }, demo),
          status: 400,
          message: /请确认/,
        },
        {
          name: 'a device bound to someone else',
          send: () => t.post('/api/v1/device/bind', { serial: DEVICE_DEMO.cpe.serial, custom_num: CPE, password: PW }, other),
          code: DeviceCode.ALREADY_BOUND,
        },
        {
          name: 'malformed serial',
          send: () => t.post('/api/v1/device/bind', { serial: '序列号', custom_num: CPE, password: PW }, demo),
          status: 400,
        },
        {
          name: 'unknown change',
          send: () => t.post('/api/v1/device/change/cancel', { custom_num: CPE, id: 999 }, demo),
          code: DeviceCode.CHANGE_NOT_FOUND,
        },
      ]);
    });

    it('takes an SSID of exactly 32 bytes (10 Chinese characters and 2 letters)', async () => {
      const c = ok(await t.post('/api/v1/device/wifi', { custom_num: CPE, ssid: `${'家'.repeat(10)}ab` }, demo));
      expect(c.state).toBe('pending');
      ok(await t.post('/api/v1/device/change/cancel', { custom_num: CPE, id: c.id }, demo));
    });
  });
});
