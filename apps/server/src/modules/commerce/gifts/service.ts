// A card's gifts (/gift): for a card the caller may reach, like every card endpoint.
import type { GiftsAnswer } from '@portal/contract';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import { vouchersOfCard } from '../vouchers/repo';
import * as repo from './repo';
import { giftsOf } from './rules';

export async function cardGifts(ctx: AppContext, auth: Auth, customNum: string): Promise<GiftsAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const db = ctx.db.kysely;
  const [bonuses, bonusOrders, vouchers] = await Promise.all([
    repo.bonusesOfCard(db, card.id),
    repo.unsettledBonusOrders(db, card.id),
    vouchersOfCard(db, card.id),
  ]);
  return {
    list: giftsOf({ bonuses, bonusOrders, vouchers, firstRechargeDone: Number(card.has_first_balance_order) === 1 }, clock.now()),
  };
}
