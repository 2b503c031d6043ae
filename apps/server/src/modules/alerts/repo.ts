// SQL of the alerts module: owns card_alert_settings and card_notices; reads the card's packages
// and the orders that brought them. One code base for SQLite and PostgreSQL.
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CardAlertSettingsTable, CardNoticesTable } from '../../db/schema';

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

/** A notice as recorded: the row without its id and dismissal. */
export type NewNotice = Omit<Selectable<CardNoticesTable>, 'id' | 'dismissed_at'>;

/**
 * Record a notice under its once-only key (card, kind, period). Its id for the one caller that
 * recorded it — only that caller sends it on; null for a repeat or a racing process.
 */
export async function recordNotice(db: Executor, n: NewNotice): Promise<number | null> {
  const row = await db
    .insertInto('card_notices')
    .values({ ...n, dismissed_at: null })
    .onConflict((oc) => oc.columns(['card_id', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
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

// ---- alerts in the messaging app (032; docs/decisions/0038-alerts-in-the-messaging-app.md) ----

/** The holder's openid under the official account for this card, and a refusal if one stands. */
export async function recipientOf(db: Executor, cardId: number) {
  return db.selectFrom('alert_recipients').selectAll().where('card_id', '=', cardId).executeTakeFirst();
}

/** Bind (or bind again) the card to an openid: a new login clears an earlier refusal. */
export async function bindRecipient(db: Executor, cardId: number, appid: string, openid: string, nowIso: string): Promise<void> {
  const values = { appid, openid, bound_at: nowIso, refused_code: null, refused_at: null };
  await db
    .insertInto('alert_recipients')
    .values({ card_id: cardId, ...values })
    .onConflict((oc) => oc.column('card_id').doUpdateSet(values))
    .execute();
}

/** The holder refused (43004 / 43101): no more tries to this openid until they bind again. */
export async function markRecipientRefused(db: Executor, cardId: number, openid: string, code: number, nowIso: string): Promise<void> {
  await db
    .updateTable('alert_recipients')
    .set({ refused_code: code, refused_at: nowIso })
    .where('card_id', '=', cardId)
    .where('openid', '=', openid)
    .execute();
}

/**
 * Take the (notice, channel) delivery before sending: true for the one caller whose row went in —
 * only it sends. A second process, or a second run, finds the row and sends nothing.
 */
export async function claimDelivery(db: Executor, noticeId: number, cardId: number, channel: string, fallback: boolean, nowIso: string) {
  const res = await db
    .insertInto('alert_deliveries')
    .values({
      notice_id: noticeId,
      card_id: cardId,
      channel,
      outcome: 'sending',
      errcode: null,
      fallback: fallback ? 1 : 0,
      created_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['notice_id', 'channel']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function finishDelivery(
  db: Executor,
  noticeId: number,
  channel: string,
  outcome: string,
  errcode: number | null,
): Promise<void> {
  await db
    .updateTable('alert_deliveries')
    .set({ outcome, errcode })
    .where('notice_id', '=', noticeId)
    .where('channel', '=', channel)
    .execute();
}

export async function deliveriesOf(db: Executor, noticeId: number) {
  return db.selectFrom('alert_deliveries').selectAll().where('notice_id', '=', noticeId).orderBy('id').execute();
}
