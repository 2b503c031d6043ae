// The console's side of card passwords (docs/decisions/0028): a new one set by an operator
// (the holder lost it), and the generated ones waiting to be handed out. The caller (admin/cards)
// checks the operator's right and scope and writes the audit row, in the transaction passed here.
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import { liftCardGuessLimits, revokeCardLogins } from '../auth';
import { cardRecord } from '../cardRecord';
import { generateCardPassword } from './generate';
import * as repo from './repo';

export { generateCardPasswords } from './generate';
export type { Handout } from './repo';

/**
 * Sets a new generated password on the card inside `trx`; its card-number logins are signed out and
 * a password still waiting to be handed out is void. Answers the password, to be shown once.
 */
export async function resetByOperator(ctx: AppContext, trx: Executor, card: { id: number; custom_num: string }) {
  const password = generateCardPassword();
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  await cardRecord.setPasswordHash(trx, card.id, hash);
  await repo.dropFor(trx, card.id);
  const revoked = await revokeCardLogins(trx, card.custom_num, clock.iso());
  return { password, revoked };
}

/** After a reset: the card's locks of every source and its wait across sources are lifted (the holder gets fresh tries). */
export async function liftCardLocks(ctx: AppContext, customNum: string): Promise<void> {
  await liftCardGuessLimits(ctx.db.kysely, customNum);
}

export const pendingHandouts = repo.pendingCount;
export const takeHandouts = repo.take;
