// The dashboard's figures: reads only, each limited to one agent's rows when `agentId` is set
// (an agent administrator). Orders, tickets and refunds reach their agent through their card.
import type { Executor } from '../../../db/executor';

export async function cardsByState(db: Executor, agentId: readonly number[] | null) {
  let q = db.selectFrom('cards').select(['state', (eb) => eb.fn.countAll<number>().as('n')]);
  if (agentId !== null) q = q.where('agent_id', 'in', agentId);
  return q.groupBy('state').orderBy('state').execute();
}

/** When each card of the agent was first bound to a user, for those first bound since `fromIso`. */
export async function firstBindings(db: Executor, agentId: readonly number[] | null, fromIso: string) {
  let q = db
    .selectFrom('card_bindings as b')
    .innerJoin('cards as c', 'c.id', 'b.card_id')
    .select(['b.card_id', (eb) => eb.fn.min('b.created_at').as('first_at')]);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  const rows = await q.groupBy('b.card_id').execute();
  return rows.map((r) => String(r.first_at)).filter((at) => at >= fromIso);
}

export async function paymentsSince(db: Executor, agentId: readonly number[] | null, fromIso: string) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .select(['o.paid_at', 'o.payable_fen'])
    .where('o.paid_at', 'is not', null)
    .where('o.paid_at', '>=', fromIso);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  const rows = await q.execute();
  return rows.map((r) => ({ at: r.paid_at!, fen: Number(r.payable_fen) }));
}

export async function topDataUsers(db: Executor, agentId: readonly number[] | null, fromDay: string, limit: number) {
  let q = db
    .selectFrom('card_flow_daily as f')
    .innerJoin('cards as c', 'c.id', 'f.card_id')
    .select(['c.custom_num', (eb) => eb.fn.sum<number>('f.used_kb').as('used_kb')])
    .where('f.day', '>=', fromDay);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return q
    .groupBy('c.custom_num')
    .orderBy((eb) => eb.fn.sum('f.used_kb'), 'desc')
    .limit(limit)
    .execute();
}

interface Queue {
  count: number;
  oldest_at: string | null;
}

function queueOf(r: { n: number | string | bigint; oldest: unknown } | undefined): Queue {
  return { count: Number(r?.n ?? 0), oldest_at: r?.oldest ? String(r.oldest) : null };
}

/**
 * Tickets waiting for the platform: submitted or being worked on. One support has replied to waits
 * for the holder (and comes back as submitted when the holder writes again), a closed one for nobody.
 */
export async function ticketsWaiting(db: Executor, agentId: readonly number[] | null): Promise<Queue> {
  let q = db
    .selectFrom('tickets as t')
    .innerJoin('cards as c', 'c.id', 't.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('t.created_at').as('oldest')])
    .where('t.status', 'in', ['submitted', 'in_progress']);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return queueOf(await q.executeTakeFirst());
}

export async function pendingApplications(db: Executor, agentId: readonly number[] | null): Promise<Queue> {
  let q = db
    .selectFrom('agent_applications')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['submitted', 'in_review']);
  if (agentId !== null) q = q.where('agent_id', 'in', agentId);
  return queueOf(await q.executeTakeFirst());
}

/**
 * Refunds of paid orders (whole or partial) done since `fromIso` (their money left on the day they were done). A late
 * payment's refund (kind 'late') is not counted: its payment never counted as revenue either.
 */
export async function refundsSince(db: Executor, agentId: readonly number[] | null, fromIso: string) {
  let q = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.order_no', 'r.order_no')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .select(['r.done_at', 'r.amount_fen'])
    .where('r.state', '=', 'done')
    // whole-order and partial refunds (docs/decisions/0045)
    .where('r.kind', 'in', ['order', 'partial'])
    .where('r.done_at', '>=', fromIso);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  const rows = await q.execute();
  return rows.map((r) => ({ at: r.done_at!, fen: Number(r.amount_fen) }));
}

/** Refunds not done yet (state pending: started, or failed at the gateway and to be retried). */
export async function pendingRefunds(db: Executor, agentId: readonly number[] | null): Promise<Queue> {
  let q = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.order_no', 'r.order_no')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('r.created_at').as('oldest')])
    .where('r.state', '!=', 'done');
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return queueOf(await q.executeTakeFirst());
}

/** Replacement cards to ship: the only goods the portal sends by post so far. */
export async function replacementsToShip(db: Executor, agentId: readonly number[] | null): Promise<Queue> {
  let q = db
    .selectFrom('change_card_applications as a')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('a.created_at').as('oldest')])
    .where('a.status', '=', 'submitted');
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return queueOf(await q.executeTakeFirst());
}

/** Paid device (shop) orders waiting to be shipped. */
export async function shopOrdersToShip(db: Executor, agentId: readonly number[] | null): Promise<Queue> {
  let q = db
    .selectFrom('shop_orders as s')
    .innerJoin('orders as o', 'o.order_no', 's.order_no')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('o.paid_at').as('oldest')])
    .where('s.ship_state', '=', 'awaiting')
    .where('o.state', 'in', ['paid', 'fulfilled']);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return queueOf(await q.executeTakeFirst());
}
