// SQL of holders' refund and invoice requests (docs/decisions/0045): owns refund_requests and
// invoice_requests. One open refund request and one invoice request not rejected per order are
// the database's own rule (partial unique indexes, migration 038), so two submits at once make one.
// The two tables have one shape around their order (id, order_no, card_id, status, answer, who and
// when): the reads the console's queues make of both are written once, for the table named. Kysely
// types such a query through the union of the two names, so each read says which table's row it
// returns. Writes name their table as it is (the one-writer check reads the names:
// docs/decisions/0008-server-modules.md).
import type { Insertable, Selectable, Updateable, UpdateResult } from 'kysely';
import { invoiceAfterPartialRefund, invoiceLoweredNote } from '@portal/domain';
import type { Executor } from '../../../db/executor';
import type { Database, InvoiceRequestsTable, RefundRequestsTable } from '../../../db/schema';

/** The tables of the two kinds of request. */
export type RequestTable = 'refund_requests' | 'invoice_requests';

// ---------- reads for the rules ----------

/** The agent's refund-request window of a card's agent (days; 0: holders cannot ask). */
export async function refundDaysOfCard(db: Executor, cardId: number): Promise<number> {
  const r = await db
    .selectFrom('cards as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .select('a.refund_request_days')
    .where('c.id', '=', cardId)
    .executeTakeFirst();
  return r?.refund_request_days ?? 0;
}

// ---------- both kinds ----------

/** A decision takes only an open request: none when it was decided already. */
const decidedOne = (r: UpdateResult) => Number(r.numUpdatedRows) === 1;

/** False when the order has an open request already (a second submit, or one at once). */
export async function insertRefundRequest(db: Executor, row: Insertable<RefundRequestsTable>): Promise<boolean> {
  const r = await db
    .insertInto('refund_requests')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** False when the order has an invoice request that was not rejected. */
export async function insertInvoiceRequest(db: Executor, row: Insertable<InvoiceRequestsTable>): Promise<boolean> {
  const r = await db
    .insertInto('invoice_requests')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** open → approved | rejected, once: false when it was decided already. */
export async function decideRefundRequest(db: Executor, id: number, d: Updateable<RefundRequestsTable>): Promise<boolean> {
  return decidedOne(await db.updateTable('refund_requests').set(d).where('id', '=', id).where('status', '=', 'open').executeTakeFirst());
}

/** open → issued | rejected, once. */
export async function decideInvoiceRequest(db: Executor, id: number, d: Updateable<InvoiceRequestsTable>): Promise<boolean> {
  return decidedOne(await db.updateTable('invoice_requests').set(d).where('id', '=', id).where('status', '=', 'open').executeTakeFirst());
}

export async function requestById<T extends RequestTable>(db: Executor, table: T, id: number) {
  const t: RequestTable = table;
  return (await db.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst()) as Selectable<Database[T]> | undefined;
}

/** How many wait, and since when: the console's dashboard (an agent administrator's agent only). */
export async function openRequests(db: Executor, t: RequestTable, agent: readonly number[] | null) {
  let q = db
    .selectFrom(t)
    .innerJoin('cards as c', 'c.id', `${t}.card_id`)
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min(`${t}.created_at`).as('oldest')])
    .where(`${t}.status`, '=', 'open');
  if (agent !== null) q = q.where('c.agent_id', 'in', agent);
  return q.executeTakeFirst();
}

/** Requests with their order and card, for the console (an agent administrator's agent only). */
function requestsWithOrder(db: Executor, t: RequestTable, agent: readonly number[] | null) {
  return db
    .selectFrom(t)
    .innerJoin('orders as o', 'o.order_no', `${t}.order_no`)
    .innerJoin('cards as c', 'c.id', `${t}.card_id`)
    .selectAll(t)
    .select([
      'c.custom_num',
      'c.agent_id',
      'o.title as order_title',
      'o.goods_type',
      'o.payable_fen',
      'o.pay_channel',
      'o.state as order_state',
      'o.paid_at',
    ])
    .$call((q) => (agent === null ? q : q.where('c.agent_id', 'in', agent)));
}

/** A request of the named table with its order and card (the columns both tables have, said for any table). */
export type RequestWithOrder<T extends RequestTable> = Selectable<Database[T]> &
  Awaited<ReturnType<ReturnType<typeof requestsWithOrder>['execute']>>[number];

/** The console's queue: oldest first, keyset on the id; an agent administrator's agent only. */
export async function requestQueue<T extends RequestTable>(
  db: Executor,
  table: T,
  agent: readonly number[] | null,
  f: { status?: string; afterId?: number },
  limit: number,
): Promise<RequestWithOrder<T>[]> {
  const t: RequestTable = table;
  let q = requestsWithOrder(db, t, agent);
  if (f.status) q = q.where(`${t}.status`, '=', f.status);
  if (f.afterId) q = q.where(`${t}.id`, '>', f.afterId);
  return (await q.orderBy(`${t}.id`).limit(limit).execute()) as RequestWithOrder<T>[];
}

export async function requestRow<T extends RequestTable>(db: Executor, table: T, id: number): Promise<RequestWithOrder<T> | undefined> {
  const t: RequestTable = table;
  return (await requestsWithOrder(db, t, null).where(`${t}.id`, '=', id).executeTakeFirst()) as RequestWithOrder<T> | undefined;
}

// ---------- refund requests ----------

export async function latestRefundRequest(db: Executor, orderNo: string) {
  return db.selectFrom('refund_requests').selectAll().where('order_no', '=', orderNo).orderBy('id', 'desc').executeTakeFirst();
}

// ---------- invoice requests ----------

/** The order's invoice request that stands (not rejected), else its latest. */
export async function currentInvoiceRequest(db: Executor, orderNo: string) {
  const live = await db
    .selectFrom('invoice_requests')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return live ?? db.selectFrom('invoice_requests').selectAll().where('order_no', '=', orderNo).orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Part of the order's money went back (docs/decisions/0072-sub-agents-by-application-and-import.md): the open invoice request asks for what
 * is left, never below 0, and says so (`answer`, which the order page shows). In the refund's own
 * transaction; an issued or rejected request stays as it is.
 */
export async function lowerOpenInvoice(db: Executor, orderNo: string, refundFen: number): Promise<void> {
  const open = await db
    .selectFrom('invoice_requests')
    .select(['id', 'amount_fen'])
    .where('order_no', '=', orderNo)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!open) return;
  const now = invoiceAfterPartialRefund(open.amount_fen, refundFen);
  await db
    .updateTable('invoice_requests')
    .set({ amount_fen: now, answer: invoiceLoweredNote(refundFen, now) })
    .where('id', '=', open.id)
    .where('status', '=', 'open')
    .execute();
}
