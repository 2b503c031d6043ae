// A card's owner, for modules that act on something the card stands for (a wifi device is owned by
// whoever owns its card): who owns it, take a free card, give it up. Written through ./repo.ts.
import type { Executor } from '../../db/executor';
import * as repo from './repo';

/** The user the card is bound to, or null. */
export async function cardOwner(db: Executor, cardId: number): Promise<number | null> {
  return (await repo.bindingOf(db, cardId))?.user_id ?? null;
}

/** Bind a free card to the user; answers the owner afterwards (another user when they won a race). */
export async function claimCard(db: Executor, userId: number, cardId: number, at: string): Promise<number | null> {
  await repo.bindIfFree(db, userId, cardId, at);
  return cardOwner(db, cardId);
}

/** Unbind the card from the user; false when it was not theirs. */
export async function releaseCard(db: Executor, userId: number, cardId: number): Promise<boolean> {
  return (await repo.unbind(db, userId, cardId)) === 1;
}
