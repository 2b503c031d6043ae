// SQL of holders' refund and invoice requests (docs/decisions/0045): owns refund_requests and
// invoice_requests. One open refund request and one invoice request not rejected per order are
// the database's own rule (partial unique indexes, migration 038), so two submits at once make one.
import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { InvoiceRequestsTable, RefundRequestsTable } from '../../../db/schema';

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

// ---------- refund requests ----------

export async function latestRefundRequest(db: Executor, orderNo: string) {
  return db.selectFrom('refund_requests').selectAll().where('order_no', '=', orderNo).orderBy('id', 'desc').executeTakeFirst();
}

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

export async function refundRequestById(db: Executor, id: number) {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** open → approved | rejected, once: false when it was decided already. */
export async function decideRefundRequest(
  db: Executor,
  id: number,
  d: { status: 'approved' | 'rejected'; answer: string; refund_no: string | null; operator_username: string; decided_at: string },
): Promise<boolean> {
  const r = await db.updateTable('refund_requests').set(d).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Refund requests with their order and card, for the console (an agent administrator's agent only). */
function refundRequestsWithOrder(db: Executor, agent: number | null) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('orders as o', 'o.order_no', 'r.order_no')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .select([
      'c.custom_num',
      'c.agent_id',
      'o.title',
      'o.goods_type',
      'o.payable_fen',
      'o.pay_channel',
      'o.state as order_state',
      'o.paid_at',
    ])
    .$call((q) => (agent === null ? q : q.where('c.agent_id', '=', agent)));
}

/** The console's queue: oldest first, keyset on the id; an agent administrator's agent only. */
export async function refundRequestQueue(db: Executor, agent: number | null, f: { status?: string; afterId?: number }, limit: number) {
  let q = refundRequestsWithOrder(db, agent).selectAll('r');
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.afterId) q = q.where('r.id', '>', f.afterId);
  return q.orderBy('r.id').limit(limit).execute();
}

export async function refundRequestRow(db: Executor, id: number) {
  return refundRequestsWithOrder(db, null).selectAll('r').where('r.id', '=', id).executeTakeFirst();
}

export async function openRefundRequests(db: Executor, agent: number | null) {
  let q = db
    .selectFrom('refund_requests as r')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('r.created_at').as('oldest')])
    .where('r.status', '=', 'open');
  if (agent !== null) q = q.where('c.agent_id', '=', agent);
  return q.executeTakeFirst();
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

export async function invoiceRequestById(db: Executor, id: number) {
  return db.selectFrom('invoice_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** open → issued | rejected, once. */
export async function decideInvoiceRequest(
  db: Executor,
  id: number,
  d: { status: 'issued' | 'rejected'; invoice_no: string; answer: string; operator_username: string; decided_at: string },
): Promise<boolean> {
  const r = await db.updateTable('invoice_requests').set(d).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function openInvoiceRequests(db: Executor, agent: number | null) {
  let q = db
    .selectFrom('invoice_requests as r')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('r.created_at').as('oldest')])
    .where('r.status', '=', 'open');
  if (agent !== null) q = q.where('c.agent_id', '=', agent);
  return q.executeTakeFirst();
}

export async function invoiceRequestQueue(db: Executor, agent: number | null, f: { status?: string; afterId?: number }, limit: number) {
  let q = db
    .selectFrom('invoice_requests as r')
    .innerJoin('orders as o', 'o.order_no', 'r.order_no')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .selectAll('r')
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
    .$call((qq) => (agent === null ? qq : qq.where('c.agent_id', '=', agent)));
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.afterId) q = q.where('r.id', '>', f.afterId);
  return q.orderBy('r.id').limit(limit).execute();
}

export async function invoiceRequestRow(db: Executor, id: number) {
  return db
    .selectFrom('invoice_requests as r')
    .innerJoin('orders as o', 'o.order_no', 'r.order_no')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .selectAll('r')
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
    .where('r.id', '=', id)
    .executeTakeFirst();
}
