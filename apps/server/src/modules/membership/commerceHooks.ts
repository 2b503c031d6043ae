// The two calls commerce makes into membership, each inside commerce's own transaction (the
// Executor passed in), so growth moves with the money or not at all (docs/decisions/0019):
//   orderFulfilled  growth for money paid from outside (¥1 = 1), and an invitee's first paid
//                   PACKAGE marks the invitation paid; its reward is released by the job below
//                   once the refund window has passed (docs/decisions/0028: a ¥1 recharge, refunded or not,
//                   earned the inviter +50);
//   orderRefunded   takes back exactly what that order gave, and voids the invitation whose
//                   first order it was, taking its reward back.
// Exactly once per order: every ledger row is unique per (source, ref), the ref being the order
// number (or the invitation's id), so a repeated fulfilment or refund inserts nothing.
import { PayChannel } from '@portal/contract/enums';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, OrderRow } from '../../db/schema';
import { invitesForMembership as invites } from '../invites';
import * as repo from './repo';
import { growthOfPayment } from './rules';

export async function orderFulfilled(trx: Executor, order: OrderRow, nowIso: string): Promise<void> {
  // the member is whoever owns the card (a quick payment or a card-number login has no user)
  const owner = order.user_id || (await repo.ownerOfCard(trx, order.card_id));
  if (!owner || order.payable_fen <= 0) return;
  const user = await repo.userOf(trx, owner);
  const program = user ? await repo.programOf(trx, user.agent_id) : undefined;
  if (!program || program.enabled !== 1) return;
  // Money spent from the balance was counted when it was recharged: only money from outside earns.
  const growth = order.pay_channel === PayChannel.Balance ? 0 : growthOfPayment(order.payable_fen);
  if (growth > 0)
    await repo.insertGrowth(trx, {
      user_id: owner,
      source: 'order',
      ref: order.order_no,
      amount: growth,
      note: order.title,
      created_at: nowIso,
    });

  // only a package counts as the invitee's first order: a recharge is money kept on the card, and
  // the smallest one was enough to farm rewards with throw-away accounts
  if (!qualifiesForInvite(order)) return;
  const invite = await invites.inviteOfInvitee(trx, owner);
  if (!invite || invite.first_order_no !== '' || invite.void_reason !== '') return;
  await invites.markFirstPaid(trx, invite.id, order.order_no, nowIso);
}

/** An order that makes an invitation "paid": a package, bought with money (a free one does not count). */
export function qualifiesForInvite(order: Pick<OrderRow, 'goods_type' | 'payable_fen'>): boolean {
  return order.goods_type === 'package' && order.payable_fen > 0;
}

/** Days a first package may still be refunded before the inviter's reward is released. */
export const INVITE_REWARD_HOLD_DAYS = 7;

/**
 * Releases the rewards of invitations whose first package was paid more than the hold ago and was
 * not refunded meanwhile (a refund voids the invitation: orderRefunded). Each in its own
 * transaction; the ledger row is unique per invitation and the mark conditional, so a reward is
 * given once however often this runs. Answers how many were released.
 */
export async function releaseInviteRewards(db: Kysely<Database>, now: Date, batch = 200): Promise<number> {
  const paidBefore = new Date(now.getTime() - INVITE_REWARD_HOLD_DAYS * 86_400_000).toISOString();
  const due = await invites.invitesDueForReward(db, paidBefore, batch);
  let released = 0;
  for (const invite of due) {
    const done = await db.transaction().execute(async (trx) => {
      const invitee = await repo.userOf(trx, invite.invitee_user_id);
      const program = invitee ? await repo.programOf(trx, invitee.agent_id) : undefined;
      const reward = program && program.enabled === 1 ? program.invite_reward_growth : 0;
      if (!(await invites.markRewarded(trx, invite.id, reward, now.toISOString()))) return false;
      if (reward > 0)
        await repo.insertGrowth(trx, {
          user_id: invite.inviter_user_id,
          source: 'invite',
          ref: String(invite.id),
          amount: reward,
          note: '邀请好友首单奖励',
          created_at: now.toISOString(),
        });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

export async function orderRefunded(trx: Executor, order: OrderRow, nowIso: string): Promise<void> {
  const granted = await repo.growthEntry(trx, 'order', order.order_no);
  if (granted)
    await repo.insertGrowth(trx, {
      user_id: granted.user_id,
      source: 'order_refund',
      ref: order.order_no,
      amount: -granted.amount,
      note: `退款：${order.title}`,
      created_at: nowIso,
    });
  const invite = await invites.inviteOfFirstOrder(trx, order.order_no);
  if (!invite || invite.void_reason !== '') return;
  await invites.markVoid(trx, invite.id, '好友首单已退款', nowIso);
  const reward = await repo.growthEntry(trx, 'invite', String(invite.id));
  if (reward)
    await repo.insertGrowth(trx, {
      user_id: reward.user_id,
      source: 'invite_void',
      ref: String(invite.id),
      amount: -reward.amount,
      note: '好友首单退款，邀请奖励收回',
      created_at: nowIso,
    });
}
