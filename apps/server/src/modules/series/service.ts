import { Code } from '@portal/contract/codes';
import type { SeriesAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { accessibleCard, assertNotCancelled, cardRecord, seriesIdsOf } from '../cardRecord';
import * as repo from './repo';

async function seriesOfCard(ctx: AppContext, card: Card): Promise<SeriesAnswer> {
  const list = await repo.seriesOf(ctx.db.kysely, card.agent_id, seriesIdsOf(card.package_series_ids));
  return { list, multi_series: card.multi_series === 1 };
}

/** The package series this card may buy from (its own list, of its own agent). */
export async function cardSeries(ctx: AppContext, auth: Auth, customNum: string): Promise<SeriesAnswer> {
  return seriesOfCard(ctx, await accessibleCard(ctx, auth, customNum));
}

/** The card has settled on exactly this series: choosing it again is a harmless repeat. */
const settledOn = (card: Card, seriesId: number) => {
  const ids = seriesIdsOf(card.package_series_ids);
  return card.multi_series !== 1 && ids.length === 1 && ids[0] === seriesId;
};

/** A multi-series card settles on one series; it is then an ordinary single-series card. */
export async function selectSeries(ctx: AppContext, auth: Auth, customNum: string, seriesId: number): Promise<{ series_id: number }> {
  const card = await accessibleCard(ctx, auth, customNum);
  assertNotCancelled(card);
  if (card.multi_series !== 1) {
    if (settledOn(card, seriesId)) return { series_id: seriesId };
    throw new AppError(Code.SERIES_ALREADY_CHOSEN);
  }
  const { list } = await seriesOfCard(ctx, card);
  if (!list.some((s) => s.id === seriesId)) throw new AppError(Code.SERIES_NOT_OF_CARD);
  if (!(await cardRecord.settleSeries(ctx.db.kysely, card.id, seriesId))) {
    // another request settled the card between our read and our update
    if (settledOn(await accessibleCard(ctx, auth, customNum), seriesId)) return { series_id: seriesId };
    throw new AppError(Code.SERIES_ALREADY_CHOSEN);
  }
  return { series_id: seriesId };
}
