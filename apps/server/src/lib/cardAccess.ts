import type { AppContext } from '../context';
import type { Card } from '../db/schema';
import type { Auth } from './auth';
import { fail } from './errors';

/**
 * Authorization for every card operation: a token reaches a card only if the card is bound to
 * its user, or is the card it logged in with. Unknown numbers answer code 10000 (spec section 8);
 * anybody else's card answers 403, so guessing numbers reads nothing.
 */
export async function accessibleCard(ctx: AppContext, auth: Auth, customNum: string): Promise<Card> {
  const card = await ctx.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', customNum).executeTakeFirst();
  if (!card) throw fail.cardNotFound();
  if (auth.customNum && auth.customNum === customNum) return card;
  if (auth.userId !== 0) {
    const binding = await ctx.db.kysely
      .selectFrom('card_bindings')
      .select('id')
      .where('card_id', '=', card.id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (binding) return card;
  }
  throw fail.forbidden();
}
