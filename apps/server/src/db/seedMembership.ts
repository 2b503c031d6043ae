// Demo data of membership (docs/decisions/0019; the levels are listed in the README): the demo
// agent runs a programme of four levels and rewards 50 growth per invitee's first paid order; the
// demo user starts at 120 growth (银卡会员) from an earlier order. acme runs none. Called from
// seedDemo's transaction after the users.
import type { Executor } from './executor';

export const DEMO_LEVELS = [
  { level: 0, name: '普通会员', min_growth: 0, package_price_pct: 100, rights: ['成长值累计', '邀请好友得成长值'] },
  { level: 1, name: '银卡会员', min_growth: 1000, package_price_pct: 98, rights: ['套餐9.8折', '邀请好友得成长值'] },
  { level: 2, name: '金卡会员', min_growth: 3000, package_price_pct: 95, rights: ['套餐9.5折', '专属客服', '邀请好友得成长值'] },
  { level: 3, name: '钻石会员', min_growth: 10000, package_price_pct: 90, rights: ['套餐9折', '专属客服', '生日礼包', '邀请好友得成长值'] },
] as const;
export const DEMO_INVITE_REWARD = 50;

export async function seedMembership(trx: Executor, now: Date, demoAgentId: number, demoUserId: number): Promise<void> {
  await trx.insertInto('member_programs').values({ agent_id: demoAgentId, enabled: 1, invite_reward_growth: DEMO_INVITE_REWARD }).execute();
  for (const l of DEMO_LEVELS)
    await trx
      .insertInto('member_levels')
      .values({
        agent_id: demoAgentId,
        level: l.level,
        name: l.name,
        min_growth: l.min_growth,
        package_price_pct: l.package_price_pct,
        rights: JSON.stringify(l.rights),
      })
      .execute();
  await trx
    .insertInto('member_growth')
    .values({
      user_id: demoUserId,
      source: 'order',
      ref: 'DEMO-OPENING',
      amount: 360,
      note: '开卡首单',
      created_at: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
    })
    .execute();
}
