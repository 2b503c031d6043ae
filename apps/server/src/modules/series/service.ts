import { Code } from '@portal/contract/codes';
import type { SeriesAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Auth } from '../../lib/auth';
import { accessibleCard } from '../../lib/cardAccess';
import { assertNotCancelled } from '../../lib/cardGuard';
import { AppError } from '../../lib/errors';

function seriesIdsOf(raw: string): number[] {
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** The package series this card may buy from (its own list, of its own agent). */
export async function cardSeries(ctx: AppContext, auth: Auth, customNum: string): Promise<SeriesAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const ids = seriesIdsOf(card.package_series_ids);
  const list = ids.length
    ? await ctx.db.kysely
        .selectFrom('package_series')
        .select(['id', 'name', 'description'])
        .where('agent_id', '=', card.agent_id)
        .where('id', 'in', ids)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    : [];
  return { list, multi_series: card.multi_series === 1 };
}

/** A multi-series card settles on one series; it is then an ordinary single-series card. */
export async function selectSeries(ctx: AppContext, auth: Auth, customNum: string, seriesId: number): Promise<{ series_id: number }> {
  const card = await accessibleCard(ctx, auth, customNum);
  assertNotCancelled(card);
  const { list } = await cardSeries(ctx, auth, customNum);
  if (!list.some((s) => s.id === seriesId)) throw new AppError(Code.SERIES_NOT_OF_CARD);
  await ctx.db.kysely
    .updateTable('cards')
    .set({ package_series_ids: JSON.stringify([seriesId]), multi_series: 0 })
    .where('id', '=', card.id)
    .execute();
  return { series_id: seriesId };
}
