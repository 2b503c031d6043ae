// SQL of the alerts module: owns card_alert_settings and card_notices; reads the card's packages
// and the orders that brought them. One code base for SQLite and PostgreSQL.
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CardAlertSettingsTable } from '../../db/schema';

export async function settingOf(db: Executor, cardId: number) {
  return db.selectFrom('card_alert_settings').selectAll().where('card_id', '=', cardId).executeTakeFirst();
}

export async function saveSetting(db: Executor, row: Insertable<CardAlertSettingsTable>): Promise<void> {
  const { card_id: _card, ...rest } = row;
  await db
    .insertInto('card_alert_settings')
    .values(row)
    .onConflict((oc) => oc.column('card_id').doUpdateSet(rest))
    .execute();
}

/** The cards the alerts job looks at: any alert or auto-renew on, in card order from `afterCardId`. */
export async function activeSettings(db: Executor, afterCardId: number, limit: number) {
  return db
    .selectFrom('card_alert_settings')
    .selectAll()
    .where('card_id', '>', afterCardId)
    .where((eb) => eb.or([eb('data_alert', '=', 1), eb('expiry_alert', '=', 1), eb('auto_renew', '=', 1)]))
    .orderBy('card_id')
    .limit(limit)
    .execute();
}

/** The package in force now (the same one the usage figures count against). */
export async function packageInForce(db: Executor, cardId: number, nowIso: string) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'package_type', 'total_kb', 'started_at', 'expired_at', 'order_no'])
    .where('card_id', '=', cardId)
    .where('started_at', '<=', nowIso)
    .where('expired_at', '>', nowIso)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The card's latest package row: the end of its plan (queued packages included). */
export async function lastPackage(db: Executor, cardId: number) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'package_type', 'expired_at', 'order_no'])
    .where('card_id', '=', cardId)
    .orderBy('expired_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The catalogue package an order bought. */
export async function packageIdOfOrder(db: Executor, orderNo: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('package_id').where('order_no', '=', orderNo).executeTakeFirst();
  return row?.package_id ?? null;
}

export interface NewNotice {
  card_id: number;
  kind: string;
  period: string;
  title: string;
  body: string;
  action: string;
  order_no: string | null;
  created_at: string;
}

/**
 * Record a notice under its once-only key (card, kind, period). True for the one caller that
 * recorded it — only that caller sends it on (SMS): a repeat or a racing process changes nothing.
 */
export async function recordNotice(db: Executor, n: NewNotice): Promise<boolean> {
  const res = await db
    .insertInto('card_notices')
    .values({ ...n, dismissed_at: null })
    .onConflict((oc) => oc.columns(['card_id', 'kind', 'period']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function hasNotice(db: Executor, cardId: number, kind: string, period: string): Promise<boolean> {
  const row = await db
    .selectFrom('card_notices')
    .select('id')
    .where('card_id', '=', cardId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
  return !!row;
}

/** The notices on home: not dismissed, newest first. */
export async function openNotices(db: Executor, cardId: number, limit = 10) {
  return db
    .selectFrom('card_notices')
    .select(['id', 'kind', 'title', 'body', 'action', 'order_no', 'created_at'])
    .where('card_id', '=', cardId)
    .where('dismissed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function dismissNotice(db: Executor, cardId: number, id: number, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable('card_notices')
    .set({ dismissed_at: nowIso })
    .where('id', '=', id)
    .where('card_id', '=', cardId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function noticeOf(db: Executor, cardId: number, id: number) {
  return db.selectFrom('card_notices').select(['id', 'dismissed_at']).where('id', '=', id).where('card_id', '=', cardId).executeTakeFirst();
}
