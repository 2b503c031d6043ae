import type { Db } from '../../db/connect';
import type { ChangeCardApplicationsTable } from '../../db/schema';

/** Applications still under way: a card has at most one. */
export const OPEN_STATUSES = ['submitted', 'shipped'] as const;

export function latestApplication(db: Db, cardId: number) {
  return db.kysely.selectFrom('change_card_applications').selectAll().where('card_id', '=', cardId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function agentNoticeOf(db: Db, agentId: number) {
  return db.kysely.selectFrom('agents').select(['apply_name', 'hotline']).where('id', '=', agentId).executeTakeFirst();
}

export type NewApplication = Pick<ChangeCardApplicationsTable, 'receiver_name' | 'receiver_mobile' | 'address' | 'reason'>;

/**
 * Files the application and clears the card's replacement prompt in one transaction. The
 * conditional update on need_change_card decides between two submissions racing (two tabs, a
 * double tap): only the one that clears the flag inserts. 'open' when an application is under
 * way, 'not_needed' when the card needs no replacement.
 */
export async function fileApplication(db: Db, cardId: number, a: NewApplication, at: string): Promise<'ok' | 'open' | 'not_needed'> {
  return db.kysely.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('change_card_applications')
      .select('id')
      .where('card_id', '=', cardId)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    if (open) return 'open';
    const cleared = await trx.updateTable('cards').set({ need_change_card: 0 }).where('id', '=', cardId).where('need_change_card', '=', 1).executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1) {
      // lost a race to a submission that has just been filed, or the card needs nothing
      const filed = await trx.selectFrom('change_card_applications').select('id').where('card_id', '=', cardId).where('status', 'in', [...OPEN_STATUSES]).executeTakeFirst();
      return filed ? 'open' : 'not_needed';
    }
    await trx
      .insertInto('change_card_applications')
      .values({ card_id: cardId, status: 'submitted', ...a, new_custom_num: '', created_at: at })
      .execute();
    return 'ok';
  });
}
