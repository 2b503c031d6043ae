// One truth for a card in a device: the offline MiFi 1000000016 (a 中国联通 card) showed 中国电信 and a live
// signal on /cpe_network, and 已激活 with nothing else on the card list and home. The device pages
// take the card's SIM's network from the line and say an offline device's signal is its last
// report, with its time; the card list and home say the device is offline (docs/decisions/0066).
// SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { databases, useTestApp } from './harness';

const OFFLINE = DEVICE_DEMO.offline;
const CPE = DEVICE_DEMO.cpe.customNum;
const MULTI = DEVICE_DEMO.multiSim.customNum;

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

describe.each(databases())('one truth for a card in a device on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let offlineSince: string;

  beforeAll(async () => {
    demo = await t.loginAccount();
    // the device reports its SIM on another network than the card's (as the demo MiFi did)
    await t.db.kysely.updateTable('sim_device_sims').set({ carrier: 3 }).where('serial', '=', OFFLINE.serial).execute();
    offlineSince = (
      await t.db.kysely.selectFrom('sim_devices').select('online_changed_at').where('serial', '=', OFFLINE.serial).executeTakeFirstOrThrow()
    ).online_changed_at;
  });

  it('the card’s SIM is on the line’s network, whatever the device reports', async () => {
    const card = ok(await t.get('/api/v1/card/bind_list', demo)).list.find(
      (c: { custom_num: string }) => c.custom_num === OFFLINE.customNum,
    );
    expect(card.network).toBe('中国联通');
    const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${OFFLINE.customNum}`, demo));
    expect(sims.list).toHaveLength(1);
    expect(sims.list[0]).toMatchObject({ carrier: 2, carrier_name: '中国联通', active: true });
  });

  it('an offline device’s signal is its last report, with its time, never live', async () => {
    const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${OFFLINE.customNum}`, demo));
    expect(sims.online).toBe(false);
    expect(sims.reported_at).toBe(offlineSince);
    expect(sims.list[0].online).toBe(false);
    // an online device's is live
    const cpe = ok(await t.get(`/api/v1/device/sims?custom_num=${CPE}`, demo));
    expect(cpe).toMatchObject({ online: true, reported_at: '' });
    expect(cpe.list[0]).toMatchObject({ online: true, carrier_name: '中国联通' });
  });

  it('a multi-SIM device’s other SIMs keep the networks the device reports', async () => {
    const sims = ok(await t.get(`/api/v1/device/sims?custom_num=${MULTI}`, demo));
    expect(sims.list.map((s: { carrier_name: string }) => s.carrier_name)).toEqual(['中国移动', '中国联通', '中国电信']);
  });

  it('the card list says the card’s device is offline, and since when', async () => {
    const list = ok(await t.get('/api/v1/card/bind_list', demo)).list as { custom_num: string; device?: unknown; state: number }[];
    const byNum = Object.fromEntries(list.map((c) => [c.custom_num, c]));
    expect(byNum[OFFLINE.customNum]).toMatchObject({
      state: 1,
      device: { model_name: '4G 随身WiFi', online: false, reported_at: offlineSince },
    });
    expect(byNum[CPE]!.device).toEqual({ model_name: '5G CPE Pro', online: true, reported_at: '' });
    // a card in no device has none
    expect(byNum['1000000001']!.device).toBeNull();
  });

  it('home’s hint says the device is offline and leads to it', async () => {
    const clew = ok(await t.get(`/api/v1/card/clew?custom_num=${OFFLINE.customNum}`, demo));
    expect(clew.level).toBe('warning');
    expect(clew.content).toMatch(/^设备离线：您的4G 随身WiFi自\d{4}-\d{2}-\d{2} \d{2}:\d{2}起未联网/);
    expect(clew.action).toEqual({ text: '查看设备', path: '/cpe' });
    // an online device's card has no such hint
    expect(ok(await t.get(`/api/v1/card/clew?custom_num=${CPE}`, demo)).content).not.toMatch(/设备离线/);
  });
});
