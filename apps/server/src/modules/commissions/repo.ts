// SQL of agents' commission (docs/decisions/0035-agent-commissions.md): owns commission_accounts,
// commission_ledger and commission_withdrawals. The ledger is only inserted into (the database
// refuses anything else); each row is unique by (kind, ref) and lands with one update of the
// agent's balance in the caller's transaction, so balance = Σ ledger for every agent, always.
import { sql } from 'kysely';
import type { CommissionKind } from '@portal/domain/commission';
import type { Executor } from '../../db/executor';

export interface NewEntry {
  agent_id: number;
  kind: CommissionKind;
  ref: string;
  amount_fen: number;
  order_no?: string;
  card_id?: number | null;
  retail_fen?: number;
  discount_fen?: number;
  cost_fen?: number;
  paid_fen?: number;
  note: string;
  operator_id?: number | null;
  available_at: string;
  created_at: string;
  /** on a parent's row: the sub-agent whose sale or refund it is */
  from_agent_id?: number | null;
}

/** The agent's account row, created with the defaults the first time it is needed. */
export async function ensureAccount(trx: Executor, agentId: number, nowIso: string): Promise<void> {
  await trx
    .insertInto('commission_accounts')
    .values({ agent_id: agentId, updated_at: nowIso })
    .onConflict((oc) => oc.column('agent_id').doNothing())
    .execute();
}

export async function accountOf(db: Executor, agentId: number) {
  return db.selectFrom('commission_accounts').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

/**
 * Takes the agent's row for the rest of the transaction: on PostgreSQL a second transaction of the
 * same agent waits here until the first commits, then reads what it wrote (READ COMMITTED takes a
 * fresh snapshot per statement); SQLite runs one write transaction at a time anyway. Every change
 * of withdrawable money starts with it, so two requests cannot both spend the same money.
 */
export async function lockAccount(trx: Executor, agentId: number, nowIso: string): Promise<void> {
  await ensureAccount(trx, agentId, nowIso);
  await trx.updateTable('commission_accounts').set({ updated_at: nowIso }).where('agent_id', '=', agentId).execute();
}

/**
 * Writes a ledger row and moves the balance by its amount, or nothing when the (kind, ref) row is
 * already there. Answers whether it was written.
 */
export async function append(trx: Executor, e: NewEntry): Promise<boolean> {
  await ensureAccount(trx, e.agent_id, e.created_at);
  const inserted = await trx
    .insertInto('commission_ledger')
    .values({
      agent_id: e.agent_id,
      kind: e.kind,
      ref: e.ref,
      amount_fen: e.amount_fen,
      order_no: e.order_no ?? '',
      card_id: e.card_id ?? null,
      retail_fen: e.retail_fen ?? 0,
      discount_fen: e.discount_fen ?? 0,
      cost_fen: e.cost_fen ?? 0,
      paid_fen: e.paid_fen ?? 0,
      note: e.note,
      operator_id: e.operator_id ?? null,
      available_at: e.available_at,
      created_at: e.created_at,
      from_agent_id: e.from_agent_id ?? null,
    })
    .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .updateTable('commission_accounts')
    .set({ balance_fen: sql`balance_fen + ${e.amount_fen}`, updated_at: e.created_at })
    .where('agent_id', '=', e.agent_id)
    .execute();
  return true;
}

export async function entryOf(db: Executor, kind: CommissionKind, ref: string) {
  return db.selectFrom('commission_ledger').selectAll().where('kind', '=', kind).where('ref', '=', ref).executeTakeFirst();
}

/** Reversals already written against an order for one agent (partial refunds add up). */
export async function reversedOfOrder(db: Executor, orderNo: string, agentId: number): Promise<number> {
  const r = await db
    .selectFrom('commission_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('sum'))
    .where('kind', '=', 'refund')
    .where('order_no', '=', orderNo)
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(r.sum);
}

/** Every level's credit of an order (the seller's and its parents'), in the order they were written. */
export async function creditsOfOrder(db: Executor, orderNo: string) {
  return db.selectFrom('commission_ledger').selectAll().where('kind', '=', 'order').where('order_no', '=', orderNo).orderBy('id').execute();
}

/** The agent and its parents, top first (at most three levels; a loop in the data stops the walk). */
export async function chainOf(db: Executor, agentId: number): Promise<{ id: number; level: number; share_bp: number }[]> {
  const chain: { id: number; level: number; share_bp: number }[] = [];
  let id: number | null = agentId;
  while (id !== null && chain.length < 8 && !chain.some((a) => a.id === id)) {
    const a = await db.selectFrom('agents').select(['id', 'parent_id', 'level', 'share_bp']).where('id', '=', id).executeTakeFirst();
    if (!a) break;
    chain.unshift({ id: a.id, level: a.level, share_bp: a.share_bp });
    id = a.parent_id;
  }
  return chain;
}

/** The costs parents set for these agents on one package: agent id → cost. */
export async function packageCostsOf(db: Executor, agentIds: readonly number[], packageId: number): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_package_costs')
    .select(['agent_id', 'cost_fen'])
    .where('agent_id', 'in', agentIds)
    .where('package_id', '=', packageId)
    .execute();
  return new Map(rows.map((r) => [r.agent_id, r.cost_fen]));
}

/** Every cost parents set for these agents, on every package. */
export async function costsOfAgents(db: Executor, agentIds: readonly number[]) {
  if (agentIds.length === 0) return [];
  return db.selectFrom('agent_package_costs').select(['agent_id', 'package_id', 'cost_fen']).where('agent_id', 'in', agentIds).execute();
}

/** Sets (or, with null, removes) the cost a parent charges a sub-agent for a package. */
export async function setPackageCost(trx: Executor, agentId: number, packageId: number, costFen: number | null, nowIso: string) {
  if (costFen === null) {
    await trx.deleteFrom('agent_package_costs').where('agent_id', '=', agentId).where('package_id', '=', packageId).execute();
    return;
  }
  await trx
    .insertInto('agent_package_costs')
    .values({ agent_id: agentId, package_id: packageId, cost_fen: costFen, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['agent_id', 'package_id']).doUpdateSet({ cost_fen: costFen, updated_at: nowIso }))
    .execute();
}

/** Σ of the agent's whole ledger and of its rows still held at `nowIso` (credits and the reversals held with them). */
export async function sums(db: Executor, agentId: number, nowIso: string): Promise<{ total: number; pending: number }> {
  const r = await db
    .selectFrom('commission_ledger')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when available_at > ${nowIso} then amount_fen else 0 end`), sql<number>`0`).as('pending'),
    ])
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), pending: Number(r.pending) };
}

/** Σ of the agent's rows before an instant: a statement's opening balance. */
export async function sumBefore(db: Executor, agentId: number, beforeIso: string): Promise<number> {
  const r = await db
    .selectFrom('commission_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('sum'))
    .where('agent_id', '=', agentId)
    .where('created_at', '<', beforeIso)
    .executeTakeFirstOrThrow();
  return Number(r.sum);
}

export async function entriesBetween(db: Executor, agentId: number, fromIso: string, toIso: string) {
  return db
    .selectFrom('commission_ledger')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .orderBy('id')
    .execute();
}

export async function ledgerPage(db: Executor, agentId: number, beforeId: number | undefined, limit: number) {
  return db
    .selectFrom('commission_ledger')
    .selectAll()
    .where('agent_id', '=', agentId)
    .$call((q) => (beforeId === undefined ? q : q.where('id', '<', beforeId)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every agent with its figures (an agent administrator: theirs). */
export async function agentsWithAccounts(db: Executor, agents: readonly number[] | null) {
  return db
    .selectFrom('agents')
    .leftJoin('commission_accounts', 'commission_accounts.agent_id', 'agents.id')
    .select([
      'agents.id as agent_id',
      'agents.nickname',
      'agents.mark',
      'commission_accounts.balance_fen',
      'commission_accounts.holding_days',
      'commission_accounts.payout_method',
      'commission_accounts.payee',
      'commission_accounts.payout_account',
      'commission_accounts.verify_mobile',
    ])
    .$call((q) => (agents === null ? q : q.where('agents.id', 'in', agents)))
    .orderBy('agents.id')
    .execute();
}

export async function agentExists(db: Executor, agentId: number): Promise<boolean> {
  return !!(await db.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirst());
}

/** The agent's name and mark, for an SMS signature and a statement's heading (the agent exists). */
export async function agentNameOf(db: Executor, agentId: number): Promise<{ nickname: string; mark: string }> {
  return db.selectFrom('agents').select(['nickname', 'mark']).where('id', '=', agentId).executeTakeFirstOrThrow();
}

export async function setSettings(trx: Executor, agentId: number, set: { holding_days: number; verify_mobile: string }, nowIso: string) {
  await trx
    .updateTable('commission_accounts')
    .set({ ...set, updated_at: nowIso })
    .where('agent_id', '=', agentId)
    .execute();
}

export async function setPayoutAccount(
  trx: Executor,
  agentId: number,
  set: { payout_method: number; payee: string; payout_account: string },
  nowIso: string,
) {
  await trx
    .updateTable('commission_accounts')
    .set({ ...set, updated_at: nowIso })
    .where('agent_id', '=', agentId)
    .execute();
}

// ---------- withdrawals ----------

export async function withdrawalByRequest(db: Executor, requestId: string) {
  return db.selectFrom('commission_withdrawals').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function withdrawalById(db: Executor, id: number) {
  return db.selectFrom('commission_withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertWithdrawal(
  trx: Executor,
  row: {
    agent_id: number;
    request_id: string;
    amount_fen: number;
    payout_method: number;
    payee: string;
    payout_account: string;
    requested_by: number;
    requested_at: string;
  },
): Promise<number> {
  const r = await trx
    .insertInto('commission_withdrawals')
    .values({ ...row, state: 'requested', updated_at: row.requested_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A decision or a payout: the state moves only from the one it was read in, so of two clicks exactly one moves it. */
export async function moveWithdrawal(
  trx: Executor,
  id: number,
  from: string,
  set: {
    state: string;
    decided_by?: number | null;
    decided_at?: string;
    decision_request_id?: string;
    reject_reason?: string;
    payout_channel?: string;
    payout_reference?: string;
    paid_by?: number | null;
    paid_at?: string;
    failure_reason?: string;
    bill_state?: string;
    package_info?: string;
    updated_at: string;
  },
): Promise<boolean> {
  const r = await trx.updateTable('commission_withdrawals').set(set).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface WithdrawalFilter {
  agentId: readonly number[] | null;
  state?: string;
  beforeId?: number;
}

export async function withdrawalPage(db: Executor, f: WithdrawalFilter, limit: number) {
  return db
    .selectFrom('commission_withdrawals')
    .innerJoin('agents', 'agents.id', 'commission_withdrawals.agent_id')
    .selectAll('commission_withdrawals')
    .select(['agents.nickname as agent_name'])
    .$call((q) => (f.agentId === null ? q : q.where('commission_withdrawals.agent_id', 'in', f.agentId)))
    .$call((q) => (f.state ? q.where('commission_withdrawals.state', '=', f.state) : q))
    .$call((q) => (f.beforeId === undefined ? q : q.where('commission_withdrawals.id', '<', f.beforeId)))
    .orderBy('commission_withdrawals.id', 'desc')
    .limit(limit)
    .execute();
}

/** Withdrawals waiting for finance: how many and since when (the dashboard's queue). */
export async function waitingWithdrawals(
  db: Executor,
  agents: readonly number[] | null,
): Promise<{ count: number; oldest: string | null }> {
  const r = await db
    .selectFrom('commission_withdrawals')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<string>('requested_at').as('oldest')])
    .where('state', 'in', ['requested', 'approved'])
    .$call((q) => (agents === null ? q : q.where('agent_id', 'in', agents)))
    .executeTakeFirstOrThrow();
  return { count: Number(r.count), oldest: r.oldest ?? null };
}

/** Withdrawals waiting for finance across every agent, by state: how many and since when (the metrics' figure). */
export async function waitingByState(db: Executor): Promise<{ state: string; count: number; oldest: string }[]> {
  const rows = await db
    .selectFrom('commission_withdrawals')
    .select((eb) => ['state', eb.fn.countAll<number>().as('count'), eb.fn.min<string>('requested_at').as('oldest')])
    .where('state', 'in', ['requested', 'approved'])
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state, count: Number(r.count), oldest: String(r.oldest) }));
}

/** The agent a card belongs to now. */
export async function agentOfCard(db: Executor, cardId: number): Promise<number | null> {
  const r = await db.selectFrom('cards').select('agent_id').where('id', '=', cardId).executeTakeFirst();
  return r?.agent_id ?? null;
}

export async function catalogueCost(db: Executor, packageId: number) {
  return db.selectFrom('packages').select(['cost_fen', 'price_fen']).where('id', '=', packageId).executeTakeFirst();
}

/**
 * An approved withdrawal handed to the payout gateway (docs/decisions/0036-wechat-payout.md): from
 * here until the gateway's answer is final it is in flight (channel 'gateway', still approved), and
 * only the gateway's outcome may settle it — a payment or a failure recorded by hand could pay
 * twice or return money that is on its way. Conditional: of a click and a hand-recorded payout, one wins.
 */
export async function markInFlight(db: Executor, id: number, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('commission_withdrawals')
    .set({ payout_channel: 'gateway', updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .where('payout_channel', 'in', ['', 'gateway'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The gateway's reference of a transfer still processing (its bill number), kept for finance to
 * quote, with the bill's state word; while the payee must confirm, the package (when the answer
 * carried one), the link's token (given once: the first one stays) and the bill's deadline.
 */
export async function noteInFlight(
  db: Executor,
  id: number,
  note: { reference: string; billState: string; packageInfo?: string; token?: string; expiresAt?: string },
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('commission_withdrawals')
    .set((eb) => ({
      payout_reference: note.reference,
      bill_state: note.billState,
      ...(note.packageInfo ? { package_info: note.packageInfo } : {}),
      ...(note.token ? { confirm_token: eb.fn.coalesce('confirm_token', eb.val(note.token)) } : {}),
      ...(note.expiresAt ? { confirm_expires_at: note.expiresAt } : {}),
      updated_at: nowIso,
    }))
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .where('payout_channel', '=', 'gateway')
    .execute();
}

/** The gateway refused the request itself (nothing was created): the withdrawal is approved and payable by hand again. */
export async function clearInFlight(db: Executor, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable('commission_withdrawals')
    .set({ payout_channel: '', payout_reference: '', updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .where('payout_channel', '=', 'gateway')
    .execute();
}

/** The withdrawal a payee's confirmation link names, with its agent's name. */
export async function withdrawalByConfirmToken(db: Executor, token: string) {
  return db
    .selectFrom('commission_withdrawals')
    .innerJoin('agents', 'agents.id', 'commission_withdrawals.agent_id')
    .selectAll('commission_withdrawals')
    .select(['agents.nickname as agent_name'])
    .where('commission_withdrawals.confirm_token', '=', token)
    .executeTakeFirst();
}

/** Withdrawals in flight at the gateway, oldest first (the payouts job asks about them). */
export async function inFlightWithdrawals(db: Executor, limit: number) {
  return db
    .selectFrom('commission_withdrawals')
    .selectAll()
    .where('state', '=', 'approved')
    .where('payout_channel', '=', 'gateway')
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---------- payout openids bound in the messaging app (docs/decisions/0067) ----------

export async function insertPayeeBinding(
  db: Executor,
  row: { token: string; agent_id: number; operator_id: number; payee: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('payee_bindings').values(row).execute();
}

export async function payeeBindingOf(db: Executor, token: string) {
  return db.selectFrom('payee_bindings').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Marks a link used with the openid it bound; false when another opening took it first. */
export async function takePayeeBinding(trx: Executor, token: string, openid: string, nowIso: string): Promise<boolean> {
  const r = await trx
    .updateTable('payee_bindings')
    .set({ openid, bound_at: nowIso })
    .where('token', '=', token)
    .where('bound_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Who changed what of an agent's payout details, when (docs/decisions/0056). */
export async function noteAccountChange(
  db: Executor,
  row: { agent_id: number; what: 'account' | 'mobile'; operator_id: number; at: string },
): Promise<void> {
  await db.insertInto('commission_account_changes').values(row).execute();
}

/** The operators who changed an agent's payout account or verification mobile since `since`. */
export async function accountChangersSince(db: Executor, agentId: number, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('commission_account_changes')
    .select('operator_id')
    .distinct()
    .where('agent_id', '=', agentId)
    .where('at', '>=', since)
    .execute();
  return rows.map((r) => r.operator_id);
}
