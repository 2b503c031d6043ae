// Demo catalogue, vouchers and opening balances for commerce. Called from seedDemo's
// transaction, after the agents, series and cards exist. Exact: README and tests rely on it.
import type { Executor } from './executor';
import { demoCostFen } from './seedCosts';

const DAY = 86_400_000;

interface DemoPackage {
  name: string;
  package_type: number;
  period: 1 | 2;
  period_count: number;
  flow_mb: number;
  price_fen: number;
  original_price_fen: number;
  description: string;
  voucher_allowed?: 0 | 1;
  recommended?: 0 | 1;
}

const GB = 1024; // MB

/** Series id (1, 2 demo; 3 acme) → its packages, in display order. */
const CATALOGUE: Record<number, DemoPackage[]> = {
  1: [
    {
      name: '畅享100G月包',
      package_type: 3,
      period: 2,
      period_count: 1,
      flow_mb: 100 * GB,
      price_fen: 2900,
      original_price_fen: 3900,
      description: '有效期1个月，100GB全国通用流量',
      recommended: 1,
    },
    {
      name: '畅享50G月包',
      package_type: 3,
      period: 2,
      period_count: 1,
      flow_mb: 50 * GB,
      price_fen: 1900,
      original_price_fen: 2500,
      description: '有效期1个月，50GB全国通用流量',
    },
    {
      name: '月初重置200G季包',
      package_type: 9,
      period: 2,
      period_count: 3,
      flow_mb: 200 * GB,
      price_fen: 9900,
      original_price_fen: 12900,
      description: '连续3个月，每月1日流量重置为200GB',
    },
    {
      name: '10G加油包',
      package_type: 2,
      period: 2,
      period_count: 1,
      flow_mb: 10 * GB,
      price_fen: 500,
      original_price_fen: 800,
      description: '叠加到当前套餐，随当前套餐到期',
      voucher_allowed: 0,
    },
    {
      name: '30天叠加包30G',
      package_type: 6,
      period: 1,
      period_count: 30,
      flow_mb: 30 * GB,
      price_fen: 1500,
      original_price_fen: 2000,
      description: '叠加到当前套餐，有效期延至30天后',
    },
    {
      name: '7天体验包',
      package_type: 1,
      period: 1,
      period_count: 7,
      flow_mb: 5 * GB,
      price_fen: 100,
      original_price_fen: 500,
      description: '新用户体验，7天5GB',
      voucher_allowed: 0,
    },
  ],
  2: [
    {
      name: '超值年包1200G',
      package_type: 3,
      period: 2,
      period_count: 12,
      flow_mb: 1200 * GB,
      price_fen: 29900,
      original_price_fen: 46800,
      description: '12个月有效，共1200GB',
      recommended: 1,
    },
    {
      name: '半年包600G',
      package_type: 3,
      period: 2,
      period_count: 6,
      flow_mb: 600 * GB,
      price_fen: 15900,
      original_price_fen: 23400,
      description: '6个月有效，共600GB',
    },
    {
      name: '20G加油包',
      package_type: 4,
      period: 2,
      period_count: 1,
      flow_mb: 20 * GB,
      price_fen: 900,
      original_price_fen: 1200,
      description: '叠加到当前套餐，随当前套餐到期',
    },
  ],
  3: [
    {
      name: '极客60G月包',
      package_type: 3,
      period: 2,
      period_count: 1,
      flow_mb: 60 * GB,
      price_fen: 2500,
      original_price_fen: 3000,
      description: '有效期1个月，不限速',
      recommended: 1,
    },
    {
      name: '极客15天包',
      package_type: 5,
      period: 1,
      period_count: 15,
      flow_mb: 30 * GB,
      price_fen: 1200,
      original_price_fen: 1500,
      description: '15天有效，30GB',
    },
    {
      name: '极客叠加包10G',
      package_type: 7,
      period: 1,
      period_count: 7,
      flow_mb: 10 * GB,
      price_fen: 600,
      original_price_fen: 800,
      description: '叠加到当前套餐',
    },
  ],
};

export async function seedCommerce(trx: Executor, now: Date): Promise<void> {
  const iso = now.toISOString();
  const series = await trx.selectFrom('package_series').select(['id', 'agent_id']).orderBy('id').execute();
  for (const s of series) {
    for (const [sort, p] of (CATALOGUE[s.id] ?? []).entries()) {
      await trx
        .insertInto('packages')
        .values({
          series_id: s.id,
          ...p,
          cost_fen: demoCostFen(p.name, p.price_fen),
          voucher_allowed: p.voucher_allowed ?? 1,
          recommended: p.recommended ?? 0,
          on_sale: 1,
          sort,
          created_at: iso,
        })
        .execute();
    }
  }

  const agents = await trx.selectFrom('agents').select(['id', 'mark']).execute();
  const agentId = (mark: string) => agents.find((a) => a.mark === mark)!.id;

  await trx
    .insertInto('coupon_packages')
    .values([
      {
        agent_id: agentId('demo'),
        name: '省钱券包',
        price_fen: 990,
        description: '内含3张满减券，30天内有效',
        vouchers: JSON.stringify([
          { amount_fen: 500, min_spend_fen: 2000, valid_days: 30, package_types: [3, 9] },
          { amount_fen: 500, min_spend_fen: 2000, valid_days: 30, package_types: [3, 9] },
          { amount_fen: 300, min_spend_fen: 1000, valid_days: 30, package_types: [] },
        ]),
        on_sale: 1,
        created_at: iso,
      },
      {
        agent_id: agentId('demo'),
        name: '年包立减券包',
        price_fen: 1990,
        description: '年包立减50元，90天内有效',
        vouchers: JSON.stringify([{ amount_fen: 5000, min_spend_fen: 20000, valid_days: 90, package_types: [3] }]),
        on_sale: 1,
        created_at: iso,
      },
      {
        agent_id: agentId('acme'),
        name: '极客券包',
        price_fen: 500,
        description: '2张5元券，60天内有效',
        vouchers: JSON.stringify([
          { amount_fen: 500, min_spend_fen: 1000, valid_days: 60, package_types: [] },
          { amount_fen: 500, min_spend_fen: 1000, valid_days: 60, package_types: [] },
        ]),
        on_sale: 1,
        created_at: iso,
      },
    ])
    .execute();

  await trx
    .insertInto('recharge_offers')
    .values({
      agent_id: agentId('demo'),
      amount_fen: 5000,
      bonus_fen: 1000,
      title: '首充50元送10元',
      description: '首次充值满50元，额外赠送10元余额',
    })
    .execute();

  const cards = await trx.selectFrom('cards').select(['id', 'custom_num', 'balance_fen']).execute();
  const cardId = (num: string) => cards.find((c) => c.custom_num === num)?.id;
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

  // Vouchers: usable ones of different kinds, an expired one and a used one on the demo cards.
  const vouchers: {
    num: string;
    name: string;
    amount_fen: number;
    min_spend_fen: number;
    types: number[];
    expires: number;
    status?: string;
  }[] = [
    { num: '1000000001', name: '5元满减券', amount_fen: 500, min_spend_fen: 2000, types: [], expires: 30 },
    { num: '1000000001', name: '月包专享10元券', amount_fen: 1000, min_spend_fen: 2500, types: [3, 9], expires: 15 },
    { num: '1000000001', name: '年包立减50元券', amount_fen: 5000, min_spend_fen: 20000, types: [3], expires: 60 },
    { num: '1000000001', name: '过期3元券', amount_fen: 300, min_spend_fen: 0, types: [], expires: -3 },
    { num: '1000000001', name: '已使用2元券', amount_fen: 200, min_spend_fen: 0, types: [], expires: 30, status: 'used' },
    { num: '1000000002', name: '新人5元券', amount_fen: 500, min_spend_fen: 1000, types: [], expires: 30 },
    { num: '1000000002', name: '过期8元券', amount_fen: 800, min_spend_fen: 2000, types: [], expires: -1 },
    { num: '1000000007', name: '年包立减30元券', amount_fen: 3000, min_spend_fen: 15000, types: [3], expires: 30 },
    { num: '1000000014', name: '极客5元券', amount_fen: 500, min_spend_fen: 1000, types: [], expires: 30 },
  ];
  for (const v of vouchers) {
    const id = cardId(v.num);
    if (!id) continue;
    await trx
      .insertInto('vouchers')
      .values({
        card_id: id,
        name: v.name,
        amount_fen: v.amount_fen,
        min_spend_fen: v.min_spend_fen,
        package_types: JSON.stringify(v.types),
        expires_at: at(v.expires),
        status: v.status ?? 'usable',
        order_no: null,
        source: v.status === 'used' ? '活动赠送' : v.expires < 0 ? '活动赠送' : '新用户礼包',
        used_at: v.status === 'used' ? at(-1) : null,
        created_at: at(-10),
      })
      .execute();
  }

  // The balance equals the sum of its ledger: a seeded balance is an opening gift from the agent.
  for (const c of cards) {
    if (c.balance_fen <= 0) continue;
    await trx
      .insertInto('balance_ledger')
      .values({
        card_id: c.id,
        amount_fen: c.balance_fen,
        kind: 'bonus',
        order_no: '',
        balance_after_fen: c.balance_fen,
        note: '开卡赠送余额',
        created_at: at(-30),
      })
      .execute();
  }
}
