// Demo data of the device shop and of box binding (docs/decisions/0020): the demo agent sells a
// 4G MiFi (any card), a 5G CPE (cards of the 畅享月包系列), an outdoor CPE only for the 超值年包系列
// and a sold-out 4G router; acme sells one MiFi. Two boxes carry a one-time binding QR code (the
// README prints their links): the unbound data card 1000000020 and the unbound 5G CPE 1000000017.
// Called from seedDemo's transaction after the cards and the package series.
import { createHash } from 'node:crypto';
import type { Executor } from './executor';

/** The demo boxes' tokens (only their sha256 is stored, as for issued ones). */
export const DEMO_BOX_TOKENS = {
  '1000000020': 'DemoBox-1000000020-bind-token-01',
  '1000000017': 'DemoBox-1000000017-bind-token-01',
} as const;

export async function seedShop(trx: Executor, now: Date): Promise<void> {
  const iso = now.toISOString();
  const agent = async (mark: string) => (await trx.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
  const demo = await agent('demo');
  const acme = await agent('acme');
  const products = [
    {
      agent_id: demo,
      name: '4G 随身WiFi（MiFi）',
      summary: '插电即用，最多 10 台设备同时上网，续航 8 小时',
      image: '/shop/mifi.svg',
      bands: '4G 全网通 B1/B3/B5/B8/B34/B38/B39/B40/B41',
      carriers: JSON.stringify(['中国移动', '中国联通', '中国电信']),
      series_ids: '[]',
      price_fen: 9900,
      stock: 50,
      sort: 1,
    },
    {
      agent_id: demo,
      name: '5G CPE 家用路由器',
      summary: '5G 高速上网，千兆网口，WiFi 6 双频',
      image: '/shop/cpe.svg',
      bands: '5G NR n1/n28/n41/n78/n79，4G 全网通',
      carriers: JSON.stringify(['中国移动', '中国联通', '中国电信']),
      series_ids: '[1]',
      price_fen: 49900,
      stock: 20,
      sort: 2,
    },
    {
      agent_id: demo,
      name: '户外 4G CPE（防水）',
      summary: 'IP67 防水，适合工地、农场等户外场景',
      image: '/shop/outdoor.svg',
      bands: '4G 全网通 B1/B3/B5/B8/B38/B39/B40/B41',
      carriers: JSON.stringify(['中国联通', '中国电信']),
      series_ids: '[2]',
      price_fen: 69900,
      stock: 5,
      sort: 3,
    },
    {
      agent_id: demo,
      name: '4G 插卡路由器',
      summary: '四天线高增益，四个网口，适合小型办公室',
      image: '/shop/router.svg',
      bands: '4G 全网通 B1/B3/B5/B8/B34/B38/B39/B40/B41',
      carriers: JSON.stringify(['中国移动', '中国联通', '中国电信']),
      series_ids: '[]',
      price_fen: 29900,
      stock: 0,
      sort: 4,
    },
    {
      agent_id: acme,
      name: '极客 4G 随身WiFi',
      summary: '小巧便携，Type-C 充电',
      image: '/shop/mifi.svg',
      bands: '4G 全网通 B1/B3/B5/B8/B34/B38/B39/B40/B41',
      carriers: JSON.stringify(['中国电信']),
      series_ids: '[3]',
      price_fen: 8900,
      stock: 30,
      sort: 1,
    },
  ];
  await trx
    .insertInto('shop_products')
    .values(products.map((p) => ({ ...p, on_sale: 1, created_at: iso })))
    .execute();

  const expires = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  for (const [num, token] of Object.entries(DEMO_BOX_TOKENS)) {
    const card = await trx.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
    await trx
      .insertInto('binding_tokens')
      .values({
        card_id: card.id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        issued_by: 'demo',
        issued_at: iso,
        expires_at: expires,
      })
      .execute();
  }
}
