// Demo wifi devices (README "Demo data"). Loaded by seedDemo after the cards, in its transaction:
//   1000000011  5G CPE, online, four phones and laptops on its wifi;
//   1000000012  multi-SIM MiFi with China Mobile (strong), Unicom (fair) and Telecom (weak: too weak to attach);
//   1000000016  4G MiFi, offline (flat battery), bound to the demo user: its changes wait;
//   1000000017  5G CPE bound to nobody: add it with its serial (DEVICE_DEMO.unbound).
import { chinaDate, chinaMonthStart } from '@portal/domain';
import type { Transaction } from 'kysely';
import type { Database, NewCard } from './schema';

export const DEVICE_DEMO = {
  cpe: { customNum: '1000000011', serial: 'CPE5G-A0011' },
  multiSim: { customNum: '1000000012', serial: 'MIFI3N-B0012' },
  offline: { customNum: '1000000016', serial: 'MIFI4G-C0016' },
  unbound: { customNum: '1000000017', serial: 'CPE5G-D0017' },
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GB = 1024 * 1024; // in KB

/** A 20-digit ICCID: 8986 + the carrier's issuer code + a number. */
const iccidOf = (issuer: string, n: number) => `8986${issuer}${String(n).padStart(14, '0')}`;

interface DemoSim {
  carrier: number;
  iccid?: string;
  rsrp: number | null;
  sinr: number;
  rsrq: number;
  band4g: string;
  band5g: string;
  remainingGb: number;
  totalGb: number;
}

interface DemoDevice {
  customNum: string;
  serial: string;
  imei: string;
  model: number;
  modelName: string;
  firmware: string;
  portable: boolean;
  supports5g: boolean;
  battery: number | null;
  /** offline since this long ago; online when absent */
  offlineFor?: number;
  upFor: number;
  ssid: string;
  password: string;
  maxClients: number;
  sims: DemoSim[];
  clients: { name: string; mac: string; ip: string; band: string; minutes: number; blocked?: boolean }[];
}

const DEVICES: DemoDevice[] = [
  {
    ...DEVICE_DEMO.cpe,
    imei: '868120041100118',
    model: 10,
    modelName: '5G CPE Pro',
    firmware: 'V3.2.1_20240918',
    portable: false,
    supports5g: true,
    battery: null,
    upFor: 3 * DAY + 5 * HOUR,
    ssid: 'CPE5G-0011',
    password: 'cl0011wifi',
    maxClients: 32,
    sims: [{ carrier: 2, rsrp: -84, sinr: 19, rsrq: -9, band4g: 'B3', band5g: 'n78', remainingGb: 212, totalGb: 300 }],
    clients: [
      { name: '小米14', mac: 'A4:C3:F0:12:34:01', ip: '192.168.8.101', band: '5g', minutes: 180 },
      { name: 'iPad Air', mac: 'F0:18:98:AB:CD:02', ip: '192.168.8.102', band: '5g', minutes: 95 },
      { name: '客厅电视', mac: 'E8:9F:80:11:22:03', ip: '192.168.8.103', band: '2.4g', minutes: 1440 },
      { name: 'MacBook Pro', mac: '3C:22:FB:44:55:04', ip: '192.168.8.104', band: '5g', minutes: 40 },
    ],
  },
  {
    ...DEVICE_DEMO.multiSim,
    imei: '868120041200124',
    model: 4,
    modelName: '三网通 5G 随身WiFi',
    firmware: 'V1.8.6_20240702',
    portable: true,
    supports5g: true,
    battery: 76,
    upFor: 7 * HOUR,
    ssid: 'MiFi-0012',
    password: 'mifi0012go',
    maxClients: 10,
    sims: [
      { carrier: 1, rsrp: -93, sinr: 14, rsrq: -10, band4g: 'B41', band5g: 'n41', remainingGb: 68, totalGb: 100 },
      {
        carrier: 2,
        iccid: iccidOf('01', 21_000_012),
        rsrp: -101,
        sinr: 7,
        rsrq: -12,
        band4g: 'B3',
        band5g: 'n78',
        remainingGb: 45,
        totalGb: 100,
      },
      {
        carrier: 3,
        iccid: iccidOf('03', 31_000_012),
        rsrp: -123,
        sinr: -4,
        rsrq: -17,
        band4g: 'B1',
        band5g: '',
        remainingGb: 100,
        totalGb: 100,
      },
    ],
    clients: [
      { name: '华为Mate60', mac: '5C:E8:83:21:43:65', ip: '192.168.0.100', band: '5g', minutes: 120 },
      { name: 'ThinkPad X1', mac: '8C:8D:28:9A:BC:DE', ip: '192.168.0.101', band: '2.4g', minutes: 30 },
    ],
  },
  {
    ...DEVICE_DEMO.offline,
    imei: '868120041600167',
    model: 11,
    modelName: '4G 随身WiFi',
    firmware: 'V1.2.0_20231120',
    portable: true,
    supports5g: false,
    battery: 3,
    offlineFor: 3 * HOUR,
    upFor: 0,
    ssid: 'MiFi4G-0016',
    password: 'mifi0016go',
    maxClients: 10,
    sims: [{ carrier: 3, rsrp: -97, sinr: 9, rsrq: -11, band4g: 'B3', band5g: '', remainingGb: 37, totalGb: 50 }],
    clients: [],
  },
  {
    ...DEVICE_DEMO.unbound,
    imei: '868120041700175',
    model: 10,
    modelName: '5G CPE Pro',
    firmware: 'V3.2.1_20240918',
    portable: false,
    supports5g: true,
    battery: null,
    upFor: 2 * HOUR,
    ssid: 'CPE5G-0017',
    password: 'cl0017wifi',
    maxClients: 32,
    sims: [{ carrier: 2, rsrp: -88, sinr: 16, rsrq: -10, band4g: 'B3', band5g: 'n78', remainingGb: 300, totalGb: 300 }],
    clients: [{ name: 'OPPO Find X7', mac: '2C:5B:B8:10:20:30', ip: '192.168.8.101', band: '5g', minutes: 15 }],
  },
];

/** The two device cards the main seed does not have, made like 1000000011 (a wifi-device card). */
const NEW_CARDS: { num: string; card: Partial<NewCard>; pkg: { name: string; gb: number }; bound: boolean; dailyKb: number }[] = [
  {
    num: DEVICE_DEMO.offline.customNum,
    card: { card_mold: 11 },
    pkg: { name: '随身WiFi 50G月包', gb: 50 },
    bound: true,
    dailyKb: 1_500_000,
  },
  {
    num: DEVICE_DEMO.unbound.customNum,
    card: { card_mold: 10 },
    pkg: { name: '5G CPE 300G月包', gb: 300 },
    bound: false,
    dailyKb: 5_000_000,
  },
];

/** The card numbers this file adds to the main seed's (DEMO_CARD_NUMBERS in ./seed.ts). */
export const DEVICE_CARD_NUMBERS: readonly string[] = NEW_CARDS.map((c) => c.num);

export async function seedDevices(trx: Transaction<Database>, now: Date): Promise<void> {
  const iso = now.toISOString();
  const at = (ago: number) => new Date(now.getTime() - ago).toISOString();
  // the reversed identifiers are the database's to compute (036), never written
  const {
    id: _id,
    custom_num_rev: _a,
    iccid_rev: _b,
    isdn_rev: _c,
    imsi_rev: _d,
    ...template
  } = await trx.selectFrom('cards').selectAll().where('custom_num', '=', DEVICE_DEMO.cpe.customNum).executeTakeFirstOrThrow();
  const demoUser = await trx.selectFrom('users').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();

  for (const c of NEW_CARDS) {
    const n = Number(c.num.slice(-2));
    const card = await trx
      .insertInto('cards')
      .values({
        ...template,
        custom_num: c.num,
        iccid: `8986011${String(9_000_000_000_000 + n).padStart(13, '0')}`,
        isdn: `1440${String(70_000_000 + n).padStart(9, '0')}`,
        created_at: at(60 * DAY),
        ...c.card,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('card_packages')
      .values({
        card_id: card.id,
        name: c.pkg.name,
        package_type: 3,
        total_kb: c.pkg.gb * GB,
        started_at: chinaMonthStart(now).toISOString(),
        expired_at: chinaMonthStart(now, 1).toISOString(),
        created_at: iso,
        order_no: null,
      })
      .execute();
    await trx
      .insertInto('sim_lines')
      .values({
        custom_num: c.num,
        carrier_status: 1,
        real_named: 1,
        networks: '[]',
        current_network: 0,
        daily_kb: c.dailyKb,
        activated_on: chinaDate(new Date(now.getTime() - 60 * DAY)),
      })
      .execute();
    if (c.bound)
      await trx.insertInto('card_bindings').values({ user_id: demoUser.id, card_id: card.id, remark: '', created_at: iso }).execute();
  }

  for (const d of DEVICES) {
    const card = await trx.selectFrom('cards').select(['id', 'iccid']).where('custom_num', '=', d.customNum).executeTakeFirstOrThrow();
    await trx.insertInto('devices').values({ serial: d.serial, card_id: card.id, created_at: iso }).execute();
    // the card the portal knows sits in the first slot
    const iccids = d.sims.map((s, i) => (i === 0 ? card.iccid : s.iccid!));
    const online = d.offlineFor === undefined;
    await trx
      .insertInto('sim_devices')
      .values({
        serial: d.serial,
        imei: d.imei,
        model: d.model,
        model_name: d.modelName,
        firmware: d.firmware,
        portable: d.portable ? 1 : 0,
        supports_5g: d.supports5g ? 1 : 0,
        battery: d.battery,
        online: online ? 1 : 0,
        online_changed_at: online ? at(d.upFor) : at(d.offlineFor!),
        offline_until: null,
        boot_at: online ? at(d.upFor) : at(d.offlineFor! + DAY),
        next_checkin_at: iso,
        active_iccid: iccids[0]!,
        network_mode: 'auto',
        ssid: d.ssid,
        wifi_password: d.password,
        hidden: 0,
        security: 'wpa2_wpa3',
        band: 'both',
        max_clients: d.maxClients,
        factory_ssid: d.ssid,
        factory_password: d.password,
      })
      .execute();
    for (const [i, s] of d.sims.entries()) {
      await trx
        .insertInto('sim_device_sims')
        .values({
          serial: d.serial,
          slot: i + 1,
          iccid: iccids[i]!,
          carrier: s.carrier,
          activated: 1,
          rsrp: s.rsrp,
          sinr: s.sinr,
          rsrq: s.rsrq,
          band_4g: s.band4g,
          band_5g: s.band5g,
          remaining_kb: s.remainingGb * GB,
          total_kb: s.totalGb * GB,
        })
        .execute();
    }
    for (const c of d.clients) {
      await trx
        .insertInto('sim_device_clients')
        .values({
          serial: d.serial,
          mac: c.mac,
          name: c.name,
          ip: c.ip,
          band: c.band,
          connected_at: at(c.minutes * MINUTE),
          blocked: c.blocked ? 1 : 0,
        })
        .execute();
    }
  }

  // the firmware catalogue (docs/decisions/0040-firmware-through-the-acs.md): a newer image for two
  // simulated models, so support can upgrade the demo CPE from WiFi设备任务
  for (const f of DEMO_FIRMWARE)
    await trx
      .insertInto('firmware_images')
      .values({ ...f, url: '', created_by: '平台管理员', created_at: at(7 * DAY), withdrawn_at: null })
      .execute();
}

export const DEMO_FIRMWARE = [
  {
    model: '5G CPE Pro',
    version: 'V3.3.0_20251020',
    file_name: 'CPE5G-Pro_V3.3.0_20251020.bin',
    size_bytes: 48_234_496,
    notes: '修复5G驻网偶发掉线；WiFi 6 吞吐提升',
  },
  {
    model: '4G 随身WiFi',
    version: 'V1.3.0_20250601',
    file_name: 'MIFI4G_V1.3.0_20250601.bin',
    size_bytes: 12_582_912,
    notes: '降低待机功耗',
  },
] as const;
