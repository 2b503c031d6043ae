// Demo data. Exact: the README, the docs and the acceptance checks rely on it.
// Loaded only into an empty database.
import { sql } from 'kysely';
import { chinaDate, chinaMonthStart } from '@portal/domain';
import type { Db } from './connect';
import { newAgentRow } from './newAgent';
import type { NewAgent, NewCard } from './schema';
import { seedCommerce } from './seedCommerce';
import { DEVICE_CARD_NUMBERS, seedDevices } from './seedDevices';
import { seedMembership } from './seedMembership';
import { seedShop } from './seedShop';
import { seedTickets } from './seedTickets';
import { seedOperators } from './seedOperators';
import { seedUpgrades } from './seedUpgrades';

export const DEMO = {
  mobile: '13800138000',
  account: 'demo',
  password: 'demo1234',
  cardPassword: '123456',
  boundCards: ['1000000001', '1000000002', '1000000003', '1000000010', '1000000011', '1000000012', '1000000013', '1000000016'],
} as const;

/**
 * scrypt hashes (lib/password.ts format) of DEMO.password and DEMO.cardPassword, made once with
 * hashPassword; seed.test.ts checks that they still verify. Fixed, so that db/ needs nothing from
 * lib/ (lib uses db: docs/decisions/0008) and seeding costs no scrypt (2^17 takes a tenth of a second
 * or more). Made at today's cost, 2^17 (docs/decisions/0022), so that a login never rehashes them
 * and production recognises them (db/demoLogins.ts). Every demo card shares the card password hash;
 * real cards each get their own salt.
 */
export const DEMO_PASSWORD_HASH = 'scrypt$131072$8$1$HOkio5I3bX4XzURvij3p5A==$1tGCc7k7f9KtV/+4AUNrrceSfyDiy/7uibpYET1XtDk=';
export const DEMO_CARD_PASSWORD_HASH = 'scrypt$131072$8$1$TmJNQwifTyktOaiz2U53RQ==$cRZBQlodoNovjQ/SXVPIatWT2zpKZ/G11CeS1d5d42U=';
/** the same passwords under the cost before 0022 (2^14, same salts): databases seeded before it hold these */
export const LEGACY_DEMO_HASHES = {
  account: 'scrypt$16384$8$1$HOkio5I3bX4XzURvij3p5A==$4ezuSMAJX7oSILf675Lu5TaZd137dyXCa37KpzI+cTE=',
  card: 'scrypt$16384$8$1$TmJNQwifTyktOaiz2U53RQ==$aJFz6HV0O7P9TvnbPMnASIky3xZ4qNDOJJvwi9DtKfM=',
} as const;

/**
 * The demo passwords' hashes to load. A test run passes hashes made at its own low cost
 * (PASSWORD_HASH_COST), or every fresh database's first login would pay one 2^17 check per login.
 */
export interface DemoHashes {
  account: string;
  card: string;
}

const DAY = 86_400_000;
const GB = 1024 * 1024; // in KB

/** The demo agents: the shared starting row with their portal's switches on (the README's tour uses them). */
function agentRow(mark: string, o: Partial<NewAgent>): NewAgent {
  const on = { open_customer: 1, agent_form: 1, product_form: 1, open_balance_recharge: 1 };
  return newAgentRow(mark, '', new Date().toISOString(), { apply_name: '', ...on, ...o });
}

interface DemoCard {
  num: string;
  agent: 'demo' | 'acme';
  card: Partial<NewCard>;
  /** active package: name and size in GB; none = never paid */
  pkg?: { name: string; gb: number };
  dailyKb: number;
  networks?: { carrier: number; name: string }[];
  password?: false;
  /** the package ran out at the start of this month (nothing in force now) */
  pkgExpired?: true;
  /** the APN the carrier simulator's line is set to ('' = right) */
  apn?: string;
  /** the package's data was all used on its first day: the carrier's figures agree with its 流量已用完 */
  usedUp?: true;
}

/** Stopped for each reason the carrier gives (card_check, stop reasons everywhere; docs/decisions/0014). */
const stopped = (num: string, stopReason: string, o: Partial<DemoCard> = {}): DemoCard => ({
  num,
  agent: 'demo',
  pkg: { name: '畅享30G月包', gb: 30 },
  dailyKb: 800_000,
  ...o,
  card: { supplier: 2, state: 3, stop_reason: stopReason, ...o.card },
});

const DEMO_CARDS: DemoCard[] = [
  {
    num: '1000000001',
    agent: 'demo',
    card: { supplier: 2, balance_fen: 2000 },
    pkg: { name: '畅享100G月包', gb: 100 },
    dailyKb: 1_800_000,
  },
  { num: '1000000002', agent: 'demo', card: { supplier: 2, order_has_payment: 0, ordered_flag: 0 }, dailyKb: 0 },
  {
    num: '1000000003',
    agent: 'demo',
    card: { supplier: 2, real_name_order: 2, supplier_auth_state: 0, auth_state: 0 },
    pkg: { name: '畅享50G月包', gb: 50 },
    dailyKb: 900_000,
  },
  {
    num: '1000000004',
    agent: 'demo',
    card: {
      supplier: 2,
      real_name_order: 1,
      pre_store: 1,
      pre_store_show: 0,
      pre_store_mold: 1,
      balance_order_has_payment: 0,
      order_has_payment: 0,
      ordered_flag: 0,
    },
    dailyKb: 0,
  },
  { num: '1000000005', agent: 'demo', card: { supplier: 2, state: 6 }, dailyKb: 0 },
  {
    num: '1000000006',
    agent: 'demo',
    card: { supplier: 2, need_change_card: 1 },
    pkg: { name: '畅享100G月包', gb: 100 },
    dailyKb: 1_200_000,
  },
  {
    num: '1000000007',
    agent: 'demo',
    card: { supplier: 2, multi_series: 1, package_series_ids: '[1,2]', package_mold: 3 },
    pkg: { name: '畅享100G月包', gb: 100 },
    dailyKb: 1_000_000,
  },
  { num: '1000000008', agent: 'demo', card: { supplier: 2, need_id: 1 }, pkg: { name: '畅享100G月包', gb: 100 }, dailyKb: 700_000 },
  {
    num: '1000000009',
    agent: 'demo',
    card: { supplier: 4, supplier_auth_state: 0, auth_state: 0, order_has_payment: 0, ordered_flag: 0, package_mold: 2, card_mold: 2 },
    dailyKb: 300_000,
  },
  {
    num: '1000000010',
    agent: 'demo',
    card: { supplier: 8, supplier_auth_state: 0, auth_state: 0, real_name_url: 'https://realname.example.com/bajun/1000000010' },
    pkg: { name: '畅享30G月包', gb: 30 }, // a package is named for what it gives, not for the supplier (docs/decisions/0011)
    dailyKb: 500_000,
  },
  {
    num: '1000000011',
    agent: 'demo',
    card: { supplier: 10, card_mold: 10 },
    pkg: { name: '5G CPE 300G月包', gb: 300 },
    dailyKb: 6_000_000,
  },
  {
    num: '1000000012',
    agent: 'demo',
    card: { supplier: 9, card_mold: 4 },
    pkg: { name: '三网通 200G月包', gb: 200 },
    dailyKb: 3_000_000,
    networks: [
      { carrier: 1, name: '中国移动' },
      { carrier: 2, name: '中国联通' },
      { carrier: 3, name: '中国电信' },
    ],
  },
  { num: '1000000013', agent: 'demo', card: { supplier: 2 }, pkg: { name: '畅享100G月包', gb: 100 }, dailyKb: 800_000, password: false },
  {
    num: '1000000014',
    agent: 'acme',
    // a Telecom-issued SIM (ICCID issuer 03), so the ICCID and the network shown agree
    card: { supplier: 3, supplier_auth_state: 0, auth_state: 0, package_series_ids: '[3]', iccid: '89860319000000000014' },
    pkg: { name: '电信畅享60G月包', gb: 60 },
    dailyKb: 600_000,
  },
  {
    num: '1000000015',
    agent: 'acme',
    // a China Mobile-issued SIM (ICCID issuer 00)
    card: {
      supplier: 1,
      supplier_auth_state: 0,
      auth_state: 0,
      mobile_real_name_mold: 1,
      package_series_ids: '[3]',
      iccid: '89860019000000000015',
    },
    pkg: { name: '移动畅享60G月包', gb: 60 },
    dailyKb: 600_000,
  },
  { num: '1000000020', agent: 'demo', card: { supplier: 2, balance_fen: 500 }, pkg: { name: '畅享100G月包', gb: 100 }, dailyKb: 1_500_000 },
  // stopped cards, one per carrier reason, bound to nobody (log in with the card number)
  stopped('1000000021', 'ARREARS', { card: { balance_fen: 0 } }),
  stopped('1000000022', 'FLOW_LIMIT', { usedUp: true }),
  stopped('1000000023', 'IMEI_LOCK'),
  stopped('1000000024', 'NO_REALNAME', { card: { supplier_auth_state: 0, auth_state: 0 } }),
  stopped('1000000025', 'PLAN_EXPIRED', { pkgExpired: true }),
  stopped('1000000026', 'REGION_LIMIT'),
  stopped('1000000027', 'USER_REQUEST'),
  stopped('1000000028', 'RISK_CONTROL'),
  // in service, but its line's APN is set wrong: the card test (/check) says so
  { num: '1000000030', agent: 'demo', card: { supplier: 2 }, pkg: { name: '畅享30G月包', gb: 30 }, dailyKb: 600_000, apn: 'cmnet' },
];

/** Every demo card's number, in the order the seed makes them (the README's table names each: readme.test.ts). */
export const DEMO_CARD_NUMBERS: readonly string[] = [...DEMO_CARDS.map((c) => c.num), ...DEVICE_CARD_NUMBERS];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('agents').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** PostgreSQL advisory lock key of the seed's guard */
const SEED_LOCK = 724002;

/**
 * Loads the demo data into an empty database; true when it did. Once, however many processes
 * start together (docs/decisions/0017): the transaction first takes a lock — PostgreSQL an
 * advisory lock, SQLite the write lock of its IMMEDIATE begin (connect.ts) — then looks again
 * whether the database is empty, so the second process waits for the first's seed and skips.
 */
export async function seedDemo(
  db: Db,
  now: Date = new Date(),
  hashes: DemoHashes = { account: DEMO_PASSWORD_HASH, card: DEMO_CARD_PASSWORD_HASH },
): Promise<boolean> {
  const iso = now.toISOString();
  const k = db.kysely;
  return k.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
    if (await trx.selectFrom('agents').select('id').limit(1).executeTakeFirst()) return false;
    const demo = await trx
      .insertInto('agents')
      .values(
        agentRow('demo', {
          nickname: '畅联物联',
          apply_name: '畅联流量卡自助服务',
          enterprise_name: '畅联物联网科技有限公司',
          contact_email: 'service@changlian.example.com',
          // no external chat service: the demo uses the built-in 在线咨询 (docs/decisions/0034)
          customer_url: '',
          app_url: 'https://www.changlian.example.com/app',
          // the iPhone app beside the Android one: /download offers both
          ios_url: 'https://apps.apple.com/cn/app/id1234567890',
          h5_url: 'https://h5.changlian.example.com',
          guide_qrcode: '/brand/demo-guide.svg',
          official_account_qrcode: '/brand/demo-official.svg',
          logo: '/brand/demo-logo.svg',
          hotline: '400-800-1234',
          service_hours: '每天 9:00-21:00',
          coupon_goods: 1,
          payee: '畅联物联网科技有限公司',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const acme = await trx
      .insertInto('agents')
      .values(
        agentRow('acme', {
          nickname: '极客通信',
          apply_name: '极客通信用户中心',
          enterprise_name: '极客通信技术有限公司',
          contact_email: 'help@acme.example.com',
          customer_url: 'https://support.acme.example.com/im',
          app_url: 'https://acme.example.com/download',
          h5_url: 'https://m.acme.example.com',
          guide_qrcode: '/brand/acme-guide.svg',
          official_account_qrcode: '/brand/acme-official.svg',
          logo: '/brand/acme-logo.svg',
          hotline: '400-900-5678',
          open_balance_recharge: 0,
          payee: '极客通信技术有限公司',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const agentId = { demo: demo.id, acme: acme.id };

    // Package series, in id order 1, 2, 3: cards name them in package_series_ids.
    for (const [agent, name, description] of [
      [demo.id, '畅享月包系列', '按月订购，每月1日重置，适合日常上网'],
      [demo.id, '超值年包系列', '一次订购全年无忧，折合月费更低'],
      [acme.id, '极客月包系列', '按月订购，不限速不降速'],
    ] as const) {
      await trx.insertInto('package_series').values({ agent_id: agent, name, description, sort: 0, created_at: iso }).execute();
    }

    // demo pays by messaging app and e-wallet (cashier), instalment from 100 yuan; acme keeps the spec defaults.
    await trx
      .insertInto('pay_settings')
      .values({
        agent_id: demo.id,
        ali_pay: 1,
        ali_pay_type: 4,
        ant_credit_pay: 1,
        ant_credit_min_money_fen: 10000,
        wechat_pay: 1,
        wechat_pay_type: 1,
        official_pay_type: 1,
      })
      .execute();

    const user = await trx
      .insertInto('users')
      .values({ agent_id: demo.id, mobile: DEMO.mobile, account: DEMO.account, password_hash: hashes.account, created_at: iso })
      .returning('id')
      .executeTakeFirstOrThrow();

    const monthStart = chinaMonthStart(now).toISOString();
    const nextMonthStart = chinaMonthStart(now, 1).toISOString();
    const lastMonthStart = chinaMonthStart(now, -1).toISOString();
    for (const [i, d] of DEMO_CARDS.entries()) {
      const n = Number(d.num.slice(-2));
      const card = await trx
        .insertInto('cards')
        .values({
          custom_num: d.num,
          agent_id: agentId[d.agent],
          iccid: `8986011${String(9_000_000_000_000 + n).padStart(13, '0')}`,
          isdn: `1440${String(70_000_000 + n).padStart(9, '0')}`,
          bind_iccid: '',
          channel_id: 1,
          state: 1,
          supplier: 2,
          supplier_state: 1,
          supplier_auth_state: 1,
          auth_state: 1,
          real_name_order: 0,
          pre_store: 0,
          pre_store_show: 0,
          pre_store_mold: 0,
          fake_real_name: 0,
          member_right_switch: 0,
          balance_fen: 0,
          balance_order_has_payment: 1,
          order_has_payment: 1,
          has_first_balance_order: 0,
          need_change_card: 0,
          need_auth: 0,
          need_id: 0,
          multi_series: 0,
          package_series_ids: '[1]',
          package_mold: 1,
          def_package_id: 0,
          market_group_id: 0,
          card_mold: 1,
          algorithm: 0,
          series_type: 1,
          is_skip: 0,
          superior_card_num: '',
          verify_url: '',
          real_name_url: '',
          ordered_flag: 1,
          mobile_real_name_mold: 0,
          expired_at: new Date(now.getTime() + 365 * DAY).toISOString(),
          member_expired_at: '',
          password_hash: d.password === false ? null : hashes.card,
          reserve_mobile: null,
          flow_synced_at: '',
          created_at: new Date(now.getTime() - (120 - i) * DAY).toISOString(),
          ...d.card,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (d.pkg) {
        await trx
          .insertInto('card_packages')
          .values({
            card_id: card.id,
            name: d.pkg.name,
            package_type: 3,
            total_kb: d.pkg.gb * GB,
            started_at: d.pkgExpired ? lastMonthStart : monthStart,
            expired_at: d.pkgExpired ? monthStart : nextMonthStart,
            created_at: iso,
          })
          .execute();
      }
      await trx
        .insertInto('sim_lines')
        .values({
          custom_num: d.num,
          carrier_status: (d.card.state as number | undefined) ?? 1,
          real_named: (d.card.supplier_auth_state as number | undefined) ?? 1,
          networks: JSON.stringify(d.networks ?? []),
          current_network: d.networks?.[0]?.carrier ?? 0,
          daily_kb: d.dailyKb,
          activated_on: chinaDate(new Date(now.getTime() - (120 - i) * DAY)),
          stop_reason: (d.card.stop_reason as string | undefined) ?? '',
          apn: d.apn ?? '',
        })
        .execute();
      if (d.usedUp && d.pkg)
        await trx
          .insertInto('sim_usage_extra')
          .values({ custom_num: d.num, day: chinaDate(new Date(monthStart)), extra_kb: d.pkg.gb * GB })
          .execute();
      if ((DEMO.boundCards as readonly string[]).includes(d.num)) {
        await trx.insertInto('card_bindings').values({ user_id: user.id, card_id: card.id, remark: '', created_at: iso }).execute();
      }
    }

    // commerce: catalogue, coupon packages, first-recharge offer, vouchers, opening ledger
    await seedCommerce(trx, now);
    // wifi devices: 1000000011, 1000000012, the offline 1000000016 and the unbound 1000000017
    await seedDevices(trx, now);
    // package upgrades: the device cards' packages and bigger ones in their series
    await seedUpgrades(trx, now);
    // complaints and suggestions: one answered ticket of the demo user
    await seedTickets(trx, now, user.id);
    // the console's demo operators, one per role (README)
    await seedOperators(trx, now, demo.id);
    // membership: the demo agent's levels and invitation reward, the demo user's growth
    await seedMembership(trx, now, demo.id, user.id);
    // the device shop and the demo boxes' binding QR codes
    await seedShop(trx, now);
    // agents' commission: the demo agent's account on file and the mobile its changes are confirmed by
    // (docs/decisions/0035-agent-commissions.md); it earns from the first package paid
    await trx
      .insertInto('commission_accounts')
      .values({
        agent_id: demo.id,
        holding_days: 7,
        payout_method: 2,
        payee: '示范通信科技有限公司',
        payout_account: 'finance@demo.example.com',
        verify_mobile: '13900139000',
        updated_at: iso,
      })
      .execute();
    return true;
  });
}
