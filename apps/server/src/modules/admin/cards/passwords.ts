// Card passwords in the console (docs/decisions/0028): an operator sets a new one for a
// holder who lost theirs (with a reason, audited, shown once), and takes the generated passwords
// waiting to be handed out (the migration's), once. Never a password in the audit log.
import type { AdminAnswerOf, AdminBodyOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { cardRecord } from '../../cardRecord';
import { liftCardLocks, pendingHandouts, resetByOperator, takeHandouts } from '../../cardPassword';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';

export async function resetPassword(
  ctx: AppContext,
  op: AdminActor,
  body: AdminBodyOf<'adminCardPasswordReset'>,
): Promise<AdminAnswerOf<'adminCardPasswordReset'>> {
  const card = await cardRecord.cardByNum(ctx.db.kysely, body.custom_num);
  if (!card) throw new AppError(Code.NOT_FOUND, '卡号不存在');
  assertInScope(op, card.agent_id);
  const done = await ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await resetByOperator(ctx, trx, card);
    await recordAudit(trx, op, {
      action: 'cards.password_reset',
      target: { type: 'card', id: card.custom_num },
      reason: body.reason,
      after: { revoked_sessions: r.revoked },
    });
    return r;
  });
  await liftCardLocks(ctx, card.custom_num);
  return { custom_num: card.custom_num, password: done.password, revoked_sessions: done.revoked };
}

export async function pending(ctx: AppContext, op: AdminActor): Promise<{ count: number }> {
  return { count: await pendingHandouts(ctx.db.kysely, agentFilter(op)) };
}

export async function take(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardPasswordTake'>) {
  const scope = agentFilter(op);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const items = await takeHandouts(trx, scope);
    if (items.length === 0) throw new AppError(Code.BAD_REQUEST, '没有待发放的卡密码');
    await recordAudit(trx, op, {
      action: 'cards.passwords_taken',
      target: { type: 'cards', id: '' },
      reason: body.reason,
      after: { cards: items.length, first: items[0]!.custom_num, last: items[items.length - 1]!.custom_num },
    });
    return { items };
  });
}
