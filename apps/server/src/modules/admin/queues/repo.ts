// Reads of the console's queues (docs/decisions/0018). Read-only: a reply or a state change is written by the
// owning module (tickets' addTicketEvent, agent applications' setApplicationStatus). An agent
// administrator's rows only when agent !== null: a ticket through its card, an application by
// the agent it came through.
import type { Executor } from '../../../db/executor';

export interface TicketFilter {
  status?: string;
  category?: string;
  card?: string;
  order: 'oldest' | 'newest';
  afterId?: number;
}

function ticketBase(db: Executor, agent: readonly number[] | null) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('cards as c', 'c.id', 't.card_id')
    .selectAll('t')
    .select('c.agent_id')
    .$call((q) => (agent === null ? q : q.where('c.agent_id', 'in', agent)));
}

/** A queue: oldest first by default; keyset on id in the direction asked. */
export async function searchTickets(db: Executor, agent: readonly number[] | null, f: TicketFilter, limit: number) {
  let q = ticketBase(db, agent);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.category) q = q.where('t.category', '=', f.category);
  if (f.card) q = q.where('t.custom_num', '=', f.card);
  if (f.afterId) q = q.where('t.id', f.order === 'oldest' ? '>' : '<', f.afterId);
  return q
    .orderBy('t.id', f.order === 'oldest' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

export async function ticketById(db: Executor, id: number) {
  return ticketBase(db, null).where('t.id', '=', id).executeTakeFirst();
}

export async function ticketEvents(db: Executor, ticketId: number) {
  return db
    .selectFrom('ticket_events')
    .select(['status', 'content', 'author', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

export async function searchApplications(
  db: Executor,
  agent: readonly number[] | null,
  f: { status?: string; afterId?: number },
  limit: number,
) {
  let q = db.selectFrom('agent_applications').selectAll();
  if (agent !== null) q = q.where('agent_id', 'in', agent);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.afterId) q = q.where('id', '>', f.afterId);
  return q.orderBy('id').limit(limit).execute();
}

export async function applicationById(db: Executor, id: number) {
  return db.selectFrom('agent_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function searchReplacements(
  db: Executor,
  agent: readonly number[] | null,
  f: { status?: string; card?: string; afterId?: number },
  limit: number,
) {
  let q = db
    .selectFrom('change_card_applications as a')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .selectAll('a')
    .select(['c.custom_num', 'c.agent_id']);
  if (agent !== null) q = q.where('c.agent_id', 'in', agent);
  if (f.status) q = q.where('a.status', '=', f.status as 'submitted');
  if (f.card) q = q.where('c.custom_num', '=', f.card);
  if (f.afterId) q = q.where('a.id', '>', f.afterId);
  return q.orderBy('a.id').limit(limit).execute();
}

export async function replacementById(db: Executor, id: number) {
  return db
    .selectFrom('change_card_applications as a')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .selectAll('a')
    .select(['c.custom_num', 'c.agent_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Real-name records, by card id (keyset); the sealed columns as stored. */
export async function searchRealName(db: Executor, agent: readonly number[] | null, f: { card?: string; afterId?: number }, limit: number) {
  let q = db
    .selectFrom('card_personal_info as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select([
      'p.card_id',
      'p.name',
      'p.id_number',
      'p.mobile',
      'p.id_photo_front',
      'p.id_photo_back',
      'p.updated_at',
      'c.custom_num',
      'c.agent_id',
      'c.auth_state',
    ]);
  if (agent !== null) q = q.where('c.agent_id', 'in', agent);
  if (f.card) q = q.where('c.custom_num', '=', f.card);
  if (f.afterId) q = q.where('p.card_id', '>', f.afterId);
  return q.orderBy('p.card_id').limit(limit).execute();
}

export async function cardOfId(db: Executor, id: number) {
  return db.selectFrom('cards').select(['id', 'custom_num', 'agent_id']).where('id', '=', id).executeTakeFirst();
}

function shopBase(db: Executor, agent: readonly number[] | null) {
  return db
    .selectFrom('shop_orders as s')
    .innerJoin('orders as o', 'o.order_no', 's.order_no')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .leftJoin('shop_products as p', 'p.id', 's.product_id')
    .select([
      's.id',
      's.order_no',
      's.quantity',
      's.receiver',
      's.mobile',
      's.province',
      's.city',
      's.district',
      's.address',
      's.ship_state',
      's.carrier',
      's.tracking_no',
      's.shipped_at',
      'o.paid_at',
      'o.state as order_state',
      'c.custom_num',
      'c.agent_id',
      'p.name as product',
    ])
    .$call((q) => (agent === null ? q : q.where('c.agent_id', 'in', agent)));
}

/** Paid device orders by shipping state, oldest first (keyset on the shop order's id). */
export async function searchShopOrders(
  db: Executor,
  agent: readonly number[] | null,
  f: { shipState: string; afterId?: number },
  limit: number,
) {
  let q = shopBase(db, agent).where('s.ship_state', '=', f.shipState).where('o.state', 'in', ['paid', 'fulfilled']);
  if (f.afterId) q = q.where('s.id', '>', f.afterId);
  return q.orderBy('s.id').limit(limit).execute();
}

export async function shopOrderByNo(db: Executor, orderNo: string) {
  return shopBase(db, null).where('s.order_no', '=', orderNo).executeTakeFirst();
}
