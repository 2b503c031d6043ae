import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import * as repo from './repo';

/**
 * Authorization for every card operation: a token reaches a card only if the card is bound to
 * its user, or is the card it logged in with. Unknown numbers answer code 10000
 * (docs/spec/portal-spec.md §8); anybody else's card answers 403, so guessing numbers reads nothing.
 */
export async function accessibleCard(ctx: AppContext, auth: Auth, customNum: string): Promise<Card> {
  return allowedCard(await repo.cardForUser(ctx.db.kysely, customNum, auth.userId), auth).card;
}

/**
 * The rule itself, for a read that fetched the card and whether this user holds it along with more
 * (card info's read model, modules/cards): what was read, or the error the caller must answer.
 */
export function allowedCard<T extends { card: Card; bound: boolean }>(found: T | undefined, auth: Auth): T {
  if (!found) throw new AppError(Code.CARD_NOT_FOUND);
  if (auth.customNum && auth.customNum === found.card.custom_num) return found;
  // a card-number login has user 0, which no binding names
  if (auth.userId !== 0 && found.bound) return found;
  throw new AppError(Code.FORBIDDEN);
}
