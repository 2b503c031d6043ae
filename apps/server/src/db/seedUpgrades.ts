// Demo data of package upgrades (docs/decisions/0013): a device series of the demo agent whose
// packages the device cards 1000000011 (5G CPE 300G月包) and 1000000012 (三网通 200G月包) run now,
// with bigger ones to upgrade to. Called from seedDemo's transaction after the devices. The
// series is added to the two cards' series, so their other packages stay on sale.
import type { Executor } from './executor';
import { demoCostFen } from './seedCosts';

const GB = 1024; // MB

const DEVICE_PACKAGES = [
  { name: '三网通 200G月包', flow_mb: 200 * GB, price_fen: 4900, original_price_fen: 6900, description: '有效期1个月，200GB全国通用流量' },
  {
    name: '5G CPE 300G月包',
    flow_mb: 300 * GB,
    price_fen: 5900,
    original_price_fen: 7900,
    description: '有效期1个月，300GB 5G/4G通用流量',
  },
  {
    name: '5G CPE 500G月包',
    flow_mb: 500 * GB,
    price_fen: 8900,
    original_price_fen: 11900,
    description: '有效期1个月，500GB 5G/4G通用流量',
    recommended: 1,
  },
  {
    name: '5G CPE 1000G月包',
    flow_mb: 1000 * GB,
    price_fen: 13900,
    original_price_fen: 19900,
    description: '有效期1个月，1000GB 5G/4G通用流量',
  },
] as const;

/** card → the catalogue package its seeded package in force is of */
const RUNNING: Record<string, string> = { '1000000011': '5G CPE 300G月包', '1000000012': '三网通 200G月包' };

export async function seedUpgrades(trx: Executor, now: Date): Promise<void> {
  const iso = now.toISOString();
  const agent = await trx.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  const series = await trx
    .insertInto('package_series')
    .values({
      agent_id: agent.id,
      name: '设备月包系列',
      description: '随身WiFi与CPE设备专用，可随时升级为更大的套餐',
      sort: 0,
      created_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = new Map<string, number>();
  for (const [i, p] of DEVICE_PACKAGES.entries()) {
    const row = await trx
      .insertInto('packages')
      .values({
        series_id: series.id,
        name: p.name,
        package_type: 3,
        period: 2,
        period_count: 1,
        flow_mb: p.flow_mb,
        price_fen: p.price_fen,
        cost_fen: demoCostFen(p.name, p.price_fen),
        original_price_fen: p.original_price_fen,
        description: p.description,
        voucher_allowed: 1,
        recommended: 'recommended' in p ? p.recommended : 0,
        on_sale: 1,
        sort: i,
        created_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(p.name, row.id);
  }
  for (const [num, pkgName] of Object.entries(RUNNING)) {
    const card = await trx.selectFrom('cards').select(['id', 'package_series_ids']).where('custom_num', '=', num).executeTakeFirstOrThrow();
    const list = JSON.parse(card.package_series_ids) as number[];
    await trx
      .updateTable('cards')
      .set({ package_series_ids: JSON.stringify([...list, series.id]) })
      .where('id', '=', card.id)
      .execute();
    await trx
      .updateTable('card_packages')
      .set({ package_id: ids.get(pkgName)! })
      .where('card_id', '=', card.id)
      .where('name', '=', pkgName)
      .execute();
  }
}
