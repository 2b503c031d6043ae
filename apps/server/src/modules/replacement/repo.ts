// SQL of the replacement module: owns change_card_applications (the replacement prompt itself is
// a flag on the card row, modules/cardRecord).
import type { Executor } from '../../db/executor';
import type { ChangeCardApplicationsTable } from '../../db/schema';

/** Applications still under way: a card has at most one. */
const OPEN_STATUSES = ['submitted', 'shipped'] as const;

export function latestApplication(db: Executor, cardId: number) {
  return db
    .selectFrom('change_card_applications')
    .selectAll()
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function agentNoticeOf(db: Executor, agentId: number) {
  return db.selectFrom('agents').select(['hotline', 'service_hours']).where('id', '=', agentId).executeTakeFirst();
}

export async function hasOpenApplication(db: Executor, cardId: number): Promise<boolean> {
  const open = await db
    .selectFrom('change_card_applications')
    .select('id')
    .where('card_id', '=', cardId)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirst();
  return open !== undefined;
}

export type NewApplication = Pick<
  ChangeCardApplicationsTable,
  'receiver_name' | 'receiver_mobile' | 'province' | 'city' | 'address' | 'reason'
> & { district: string };

export async function insertApplication(db: Executor, cardId: number, a: NewApplication, at: string): Promise<void> {
  await db
    .insertInto('change_card_applications')
    .values({ card_id: cardId, status: 'submitted', ...a, new_custom_num: '', created_at: at })
    .execute();
}

/**
 * An operator moves an application on (the console's queue): conditional on its current status,
 * so of two operators at once exactly one does it. False: it was no longer in `from`.
 */
export async function moveApplication(
  db: Executor,
  id: number,
  from: string,
  to: 'shipped' | 'done' | 'rejected',
  patch: { carrier?: string; tracking_no?: string; new_custom_num?: string; reject_reason?: string },
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('change_card_applications')
    .set({ status: to, ...patch, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from as ChangeCardApplicationsTable['status'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
