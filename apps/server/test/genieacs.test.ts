// The GenieACS adapter's protocol against the fake NBI (a real HTTP server on 127.0.0.1): device ids
// escaped twice in a path, basic auth, projections of the mapped parameters, 200 vs 202, a task that
// faults at once or at the next inform, a device that never comes back, cancelling with DELETE,
// stale values read again, a TR-098 MiFi without client blocking, and no wifi password kept by us.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { GenieAcsGateway } from '../src/integrations/device/genieacs/adapter';
import { AcsError, GenieAcsClient } from '../src/integrations/device/genieacs/client';
import { startFakeAcs, type FakeAcs } from '../src/integrations/device/genieacs/fake';
import { loadModelMaps } from '../src/integrations/device/genieacs/modelMap';
import { fetchTransport } from '../src/integrations/http/transport';
import { clock } from '../src/lib/clock';
import { huaweiParameters, MODELS_DIR, zteParameters } from './acsHelpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const HUAWEI = huaweiParameters({ online: true, ssid: 'HUAWEI-E5785', password: 'hw-secret-1' });

let db: Db;
let fake: FakeAcs;
let gw: GenieAcsGateway;

function gateway(o: { password?: string; maxValueAgeMs?: number } = {}) {
  const client = new GenieAcsClient({
    baseUrl: fake.baseUrl,
    username: 'nbi',
    password: o.password ?? 'nbi-secret',
    transport: fetchTransport(2000),
    taskTimeoutMs: 3000,
  });
  return new GenieAcsGateway({
    name: 'test-acs',
    client,
    models: loadModelMaps(MODELS_DIR),
    db,
    onlineWindowMs: 10 * MINUTE,
    informIntervalMs: 5 * MINUTE,
    maxValueAgeMs: o.maxValueAgeMs ?? HOUR,
  });
}

function zte(serial: string, online = true) {
  return fake.addDevice({
    manufacturer: 'ZTE',
    oui: '00D0D0',
    productClass: 'MU5001',
    serial,
    parameters: zteParameters({ online, ssid: `ZTE-${serial}`, password: 'zte-secret-1' }),
    online,
    lastInform: clock.now().getTime() - (online ? MINUTE : 3 * HOUR),
  });
}

beforeEach(async () => {
  db = await connect(':memory:');
  await migrate(db);
  fake = await startFakeAcs({ username: 'nbi', password: 'nbi-secret', now: () => clock.now().getTime() });
  gw = gateway();
});
afterEach(async () => {
  await fake.close();
  await db.close();
});

describe('finding and reading a device', () => {
  it('finds a device by serial and escapes its id twice in a task path (%2D → %252D)', async () => {
    const id = zte('ZX-2024-0001');
    expect(id).toBe('00D0D0-MU5001-ZX%2D2024%2D0001');
    await gw.reboot('ZX-2024-0001');
    const post = fake.calls().find((c) => c.method === 'POST')!;
    expect(post.rawPath).toBe('/devices/00D0D0-MU5001-ZX%252D2024%252D0001/tasks');
    expect(post.query).toMatchObject({ timeout: '3000', connection_request: '' });
    expect(fake.calls()[0]!.query.query).toBe(JSON.stringify({ '_deviceId._SerialNumber': 'ZX-2024-0001' }));
  });

  it('an id escaped only once does not reach the device (the fake decodes the path once, as the NBI does)', async () => {
    zte('ZX-ONCE');
    const res = await fetch(`${fake.baseUrl}/devices/00D0D0-MU5001-ZX%2DONCE/tasks?connection_request`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('nbi:nbi-secret').toString('base64')}` },
      body: JSON.stringify({ name: 'reboot' }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('No such device');
  });

  it('asks only for the mapped parameters (projection) and reads {"_value"} nodes in our terms', async () => {
    zte('ZX-READ');
    const s = (await gw.status('ZX-READ'))!;
    const read = fake
      .calls()
      .filter((c) => c.method === 'GET' && c.rawPath === '/devices/')
      .at(-1)!;
    const projection = read.query.projection!.split(',');
    expect(projection).toContain('Device.WiFi.SSID.1.SSID');
    expect(projection).toContain('Device.Cellular.Interface.1.X_ZTE-COM_SINR');
    expect(projection).toContain('Device.Hosts.Host');
    expect(s).toMatchObject({
      modelName: '中兴 MU5001 5G CPE',
      model: 10,
      firmware: 'MU5001_V1.0.0B12',
      online: true,
      networkMode: 'auto',
      carrier: 1,
      signal: { networkType: '5G', band: 'n78', rsrp: -88, sinr: 17, rsrq: -10 },
      wifi: { ssid: 'ZTE-ZX-READ', password: 'zte-secret-1', hidden: false, security: 'wpa2', band: '5g', maxClients: 32 },
    });
    const clients = await gw.clients('ZX-READ');
    expect(clients).toEqual([expect.objectContaining({ mac: 'A4:C3:F0:12:34:01', name: '小米14', ip: '192.168.0.101', blocked: false })]);
    // the band from the access point it is associated with and that SSID's radio; no standard
    // parameter keeps when it joined: unknown rather than the time the ACS last looked
    expect(clients[0]).toMatchObject({ band: '5g', connectedAt: '' });
  });

  it('an offline device shows no clients and no signal', async () => {
    zte('ZX-OFF', false);
    const s = (await gw.status('ZX-OFF'))!;
    expect(s.online).toBe(false);
    expect(s.signal).toBeNull();
    await expect(gw.clients('ZX-OFF')).resolves.toEqual([]);
  });

  it('reads stored values again from the device when they are older than the page accepts', async () => {
    zte('ZX-STALE');
    const fresh = gateway({ maxValueAgeMs: 10 * MINUTE });
    clock.advance(30 * MINUTE);
    fake.inform('ZX-STALE'); // the device is there (inform), but its values were read 30 minutes ago
    await fresh.status('ZX-STALE');
    const refresh = fake.calls().find((c) => c.method === 'POST' && c.body.includes('getParameterValues'));
    expect(refresh).toBeDefined();
    expect(JSON.parse(refresh!.body).parameterNames).toContain('Device.WiFi.SSID.1.SSID');
    const before = fake.calls().length;
    await fresh.status('ZX-STALE');
    expect(
      fake
        .calls()
        .slice(before)
        .some((c) => c.method === 'POST'),
    ).toBe(false);
  });

  it('a TR-098 MiFi: password under PreSharedKey.1, signal from Huawei extensions, battery, no client blocking', async () => {
    fake.addDevice({ manufacturer: 'Huawei', oui: '00E0FC', productClass: 'E5785', serial: 'HW5785-01', parameters: HUAWEI, online: true });
    const s = (await gw.status('HW5785-01'))!;
    expect(s).toMatchObject({
      portable: true,
      supports5g: false,
      battery: 64,
      carrier: 3,
      signal: { networkType: '4G', band: 'B3', rsrp: -101, sinr: 6 },
    });
    expect(s.wifi).toMatchObject({ ssid: 'HUAWEI-E5785', password: 'hw-secret-1', maxClients: 16 });
    const caps = await gw.capabilities('HW5785-01');
    expect(caps['clients.list']).toBe(true);
    expect(caps['clients.block']).toBe(false);
    expect(caps['wifi.band']).toBe(false);
    const c = await gw.changeWifi('HW5785-01', { password: 'hw-secret-2' });
    expect(c.state).toBe('applied');
    expect(fake.value('HW5785-01', 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase')).toBe(
      'hw-secret-2',
    );
    await expect(gw.blockClient('HW5785-01', '3C:22:FB:44:55:04')).rejects.toThrow(/E5785 has no parameter "host\.blocked"/);
    // TR-098 has no WPA3 value: refused before anything is sent
    const posts = fake.calls().filter((x) => x.method === 'POST').length;
    await expect(gw.changeWifi('HW5785-01', { security: 'wpa3' })).rejects.toThrow(/E5785: no value for wifi\.security = wpa3/);
    expect(fake.calls().filter((x) => x.method === 'POST').length).toBe(posts);
  });

  it('a device whose product class has no map is a fault naming the product class', async () => {
    fake.addDevice({ manufacturer: 'X', oui: '000000', productClass: 'UNKNOWN-9', serial: 'UNK-1', parameters: {}, online: true });
    await expect(gw.status('UNK-1')).rejects.toThrow(/no device model map for productClass "UNKNOWN-9"/);
  });

  it('wrong NBI credentials are an auth error, without the password in the message', async () => {
    zte('ZX-AUTH');
    const wrong = gateway({ password: 'wrong-password' });
    const err = await wrong.status('ZX-AUTH').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AcsError);
    expect((err as AcsError).kind).toBe('auth');
    expect((err as Error).message).not.toContain('wrong-password');
  });

  it('an NBI that answers 503 is unavailable', async () => {
    zte('ZX-DOWN');
    fake.setDown(true);
    await expect(gw.status('ZX-DOWN')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('changes as tasks', () => {
  it('200: applied at once; the values sent are typed [path, value, xsd type]', async () => {
    zte('ZX-SET');
    const c = await gw.changeWifi('ZX-SET', {
      ssid: '客厅5G',
      password: 'new-pass-99',
      hidden: true,
      maxClients: 20,
      security: 'wpa2_wpa3',
    });
    expect(c.state).toBe('applied');
    expect(c.settledAt).not.toBeNull();
    const body = JSON.parse(fake.calls().find((x) => x.method === 'POST')!.body);
    expect(body).toEqual({
      name: 'setParameterValues',
      parameterValues: [
        ['Device.WiFi.SSID.1.SSID', '客厅5G', 'xsd:string'],
        ['Device.WiFi.AccessPoint.1.Security.KeyPassphrase', 'new-pass-99', 'xsd:string'],
        ['Device.WiFi.AccessPoint.1.SSIDAdvertisementEnabled', false, 'xsd:boolean'],
        ['Device.WiFi.AccessPoint.1.Security.ModeEnabled', 'WPA3-Personal-Transition', 'xsd:string'],
        ['Device.WiFi.AccessPoint.1.MaxAssociatedDevices', 20, 'xsd:unsignedInt'],
      ],
    });
    expect((await gw.status('ZX-SET'))!.wifi).toMatchObject({ ssid: '客厅5G', hidden: true, maxClients: 20, security: 'wpa2_wpa3' });
  });

  it('the wifi password is never kept in our table', async () => {
    zte('ZX-PW');
    await gw.changeWifi('ZX-PW', { password: 'do-not-store-me' });
    const rows = await db.kysely.selectFrom('acs_commands').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('do-not-store-me');
  });

  it('202 on an offline device: pending; followed with GET /tasks; applied once the device informs', async () => {
    zte('ZX-Q', false);
    const c = await gw.changeWifi('ZX-Q', { ssid: 'Later' });
    expect(c.state).toBe('pending');
    expect(fake.tasks()).toHaveLength(1);
    expect((await gw.commands('ZX-Q', [c.id]))[0]!.state).toBe('pending');
    const follow = fake
      .calls()
      .filter((x) => x.rawPath === '/tasks/')
      .at(-1)!;
    expect(JSON.parse(follow.query.query!)).toEqual({ device: '00D0D0-MU5001-ZX%2DQ' });
    fake.inform('ZX-Q');
    expect((await gw.commands('ZX-Q', [c.id]))[0]!.state).toBe('applied');
    expect(fake.value('ZX-Q', 'Device.WiFi.SSID.1.SSID')).toBe('Later');
  });

  it('a device that never comes back: its change stays pending however long, until the holder cancels it (DELETE /tasks/<id>)', async () => {
    zte('ZX-GONE', false);
    const c = await gw.changeWifi('ZX-GONE', { ssid: 'Nobody-Home' });
    clock.advance(30 * 24 * HOUR);
    expect((await gw.commands('ZX-GONE', [c.id]))[0]!.state).toBe('pending');
    const cancelled = await gw.cancel('ZX-GONE', c.id);
    expect(cancelled!.state).toBe('cancelled');
    const { task_id } = await db.kysely.selectFrom('acs_commands').select('task_id').executeTakeFirstOrThrow();
    expect(fake.calls().find((x) => x.method === 'DELETE')!.rawPath).toBe(`/tasks/${task_id}`);
    expect(fake.tasks()).toEqual([]);
  });

  it('a fault at once (202 "Task faulted"): failed with the reason in Chinese and the CWMP code kept for support', async () => {
    zte('ZX-F');
    fake.faultNext('ZX-F', 'cwmp.9007', 'Invalid parameter value');
    const c = await gw.changeWifi('ZX-F', { ssid: 'Bad' });
    expect(c).toMatchObject({ state: 'failed', reason: '设备执行失败：设备不接受该设置值' });
    const row = await db.kysely.selectFrom('acs_commands').selectAll().executeTakeFirstOrThrow();
    expect(row.fault_code).toBe('cwmp.9007');
    expect(fake.faults()).toHaveLength(1);
  });

  it('a fault at the next inform: the queued change turns failed when followed', async () => {
    zte('ZX-LATE', false);
    const c = await gw.changeWifi('ZX-LATE', { ssid: 'Also-Bad' });
    fake.faultNext('ZX-LATE', 'cwmp.9002', 'Internal error');
    fake.inform('ZX-LATE');
    expect((await gw.commands('ZX-LATE', [c.id]))[0]).toMatchObject({ state: 'failed', reason: '设备执行失败：设备内部错误，请稍后重试' });
  });

  it('blocks a client through the model’s vendor field on the host’s row', async () => {
    zte('ZX-BLK');
    const c = await gw.blockClient('ZX-BLK', 'A4:C3:F0:12:34:01');
    expect(c.state).toBe('applied');
    expect(fake.value('ZX-BLK', 'Device.Hosts.Host.1.X_ZTE-COM_AccessBlocked')).toBe(true);
    expect((await gw.clients('ZX-BLK'))[0]!.blocked).toBe(true);
  });

  it('network mode and factory reset', async () => {
    zte('ZX-NM');
    expect((await gw.setNetworkMode('ZX-NM', '4g')).state).toBe('applied');
    expect((await gw.status('ZX-NM'))!.networkMode).toBe('4g');
    expect((await gw.factoryReset('ZX-NM')).state).toBe('applied');
    expect((await gw.status('ZX-NM'))!.networkMode).toBe('auto');
  });

  it('a dual-SIM router switches by setting its active slot', async () => {
    fake.addDevice({
      manufacturer: 'GL.iNet',
      oui: '94833C',
      productClass: 'GL-X3000',
      serial: 'GLX-1',
      online: true,
      parameters: {
        'Device.WiFi.SSID.1.SSID': 'GL-X3000',
        'Device.Cellular.Interface.1.RSRP': -90,
        'Device.Cellular.Interface.1.X_GLINET_SINR': 12,
        'Device.X_GLINET_SIM.1.ICCID': '89860012345678900001',
        'Device.X_GLINET_SIM.2.ICCID': '89860112345678900002',
        'Device.X_GLINET_ActiveSIMSlot': 1,
      },
    });
    const before = await gw.sims('GLX-1');
    expect(before.map((s) => [s.slot, s.carrier, s.active])).toEqual([
      [1, 1, true],
      [2, 2, false],
    ]);
    expect((await gw.switchSim('GLX-1', '89860112345678900002')).state).toBe('applied');
    expect((await gw.status('GLX-1'))!.activeIccid).toBe('89860112345678900002');
  });
});
