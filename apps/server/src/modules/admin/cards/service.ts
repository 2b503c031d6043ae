// Card search, export and a card's whole story, for the console. Read only: nothing here writes
// except the audit row of an export. Agent scope: an agent administrator's filter is forced to
// their agent, and a card of another agent answers "not found".
import { maskMobile, maskPersonName } from '@portal/domain';
import { CARD_STATE_LABEL, SUPPLIER_LABEL } from '@portal/contract/enums';
import type { AdminAnswerOf, AdminQueryOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../lib/errors';
import { personalData } from '../../../lib/personalData';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { accountById } from '../../carriers';
import { cardRecord } from '../../cardRecord';
import { lineAnswer, lineOf, linesOf, planOf } from '../../line';
import * as storyRepo from './storyRepo';
import { searchCards, type CardFilter, type CardSearchRow } from './searchRepo';

type SearchQuery = Omit<AdminQueryOf<'adminCardSearch'>, 'limit' | 'before_id'> & { before_id?: number };
type Row = AdminAnswerOf<'adminCardSearch'>['items'][number];

export function seriesIdsOf(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** A row of the list; `plan` is the line's plan in force from the one read model (null: none or not read, as in an export). */
export function rowOf(r: CardSearchRow, plan: Row['plan'] = null): Row {
  return {
    id: r.id,
    custom_num: r.custom_num,
    iccid: r.iccid,
    isdn: r.isdn,
    agent_id: r.agent_id,
    agent_name: r.agent_name,
    state: r.state,
    state_label: CARD_STATE_LABEL[r.state] ?? `状态 ${r.state}`,
    supplier: r.supplier,
    supplier_label: SUPPLIER_LABEL[r.supplier] ?? `运营商 ${r.supplier}`,
    series_ids: seriesIdsOf(r.package_series_ids),
    real_named: r.auth_state === 1,
    bound: Boolean(r.bound),
    need_change_card: r.need_change_card === 1,
    balance_fen: r.balance_fen,
    expired_at: r.expired_at,
    created_at: r.created_at,
    import_batch_id: r.import_batch_id ?? null,
    imsi: r.imsi,
    plan,
  };
}

/** The rows with their plans in force, each from the one read model of a line (docs/decisions/0029): the console never adds up figures itself. */
async function rowsWithPlans(db: Executor, rows: CardSearchRow[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const r of rows) out.push(rowOf(r, planOf(await lineOf(db, r))));
  return out;
}

/** The repository's filter for an operator's query: an agent administrator sees their agent only. */
export function filterOf(op: AdminActor, q: SearchQuery): CardFilter {
  const own = agentFilter(op);
  // an agent administrator asking for another agent's cards gets none (0 is no agent's id)
  // an agent administrator may narrow to one agent of its subtree (a sub-agent's cards)
  const agentId =
    own === null
      ? q.agent_id !== undefined
        ? [q.agent_id]
        : null
      : q.agent_id !== undefined
        ? own.includes(q.agent_id)
          ? [q.agent_id]
          : [0]
        : own;
  return {
    number: q.number || undefined,
    agentId,
    state: q.state,
    supplier: q.supplier,
    seriesId: q.series_id,
    realNamed: q.real_name === undefined ? undefined : q.real_name === 'yes',
    bound: q.bound === undefined ? undefined : q.bound === 'yes',
    mobile: q.mobile || undefined,
    createdFrom: q.created_from ? new Date(q.created_from).toISOString() : undefined,
    createdTo: q.created_to ? new Date(q.created_to).toISOString() : undefined,
    beforeId: q.before_id,
  };
}

export async function search(db: Executor, op: AdminActor, q: AdminQueryOf<'adminCardSearch'>) {
  const rows = await searchCards(db, filterOf(op, q), q.limit + 1);
  const more = rows.length > q.limit;
  const items = await rowsWithPlans(db, rows.slice(0, q.limit));
  return { items, next_before_id: more ? items[items.length - 1]!.id : null };
}

/** A pasted list: the cards its numbers name exactly (any identifier, the operator's scope), and the numbers that name none. */
export async function lookup(db: Executor, op: AdminActor, numbers: readonly string[]): Promise<AdminAnswerOf<'adminCardLookup'>> {
  const own = agentFilter(op);
  const rows = await searchCards(db, { identifiers: numbers, agentId: own }, numbers.length * IDENTIFIERS_PER_CARD);
  const named = new Set(rows.flatMap((r) => [r.custom_num, r.iccid, r.isdn, r.imsi]));
  return {
    items: await rowsWithPlans(db, rows),
    not_found: numbers.filter((n) => !named.has(n)),
    asked: numbers.length,
  };
}
/** one number may name at most this many cards (one per identifier it could be) */
const IDENTIFIERS_PER_CARD = 4;

/** Cards whose lines an export reads together (three queries a page, docs/decisions/0029's one rule). */
const EXPORT_PAGE = 500;

/** The export's rows with their plans in force, like the list's. */
export async function exportRows(db: Executor, op: AdminActor, q: SearchQuery, cap: number): Promise<Row[]> {
  const rows = await searchCards(db, filterOf(op, q), cap);
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += EXPORT_PAGE) {
    const page = rows.slice(i, i + EXPORT_PAGE);
    const lines = await linesOf(db, page);
    for (const r of page) out.push(rowOf(r, planOf(lines.get(r.id)!)));
  }
  return out;
}

const USAGE_DAYS = 30;
const LIST = 50;

/**
 * The card an identifier names, for this operator: its card number first, then ICCID, MSISDN, IMSI
 * (a number may be one card's MSISDN and another's card number); another agent's card is "not
 * found" (agent scope), whichever identifier named it.
 */
export async function cardIdOf(db: Executor, op: AdminActor, identifier: string): Promise<number> {
  const hits = await storyRepo.cardsByIdentifier(db, identifier, agentFilter(op));
  if (hits.length === 0) throw new AppError(Code.NOT_FOUND, '卡片不存在');
  const rank = (h: (typeof hits)[number]) => (h.custom_num === identifier ? 0 : h.iccid === identifier ? 1 : h.isdn === identifier ? 2 : 3);
  const best = [...hits].sort((a, b) => rank(a) - rank(b))[0]!;
  assertInScope(op, best.agent_id);
  return best.id;
}

/** A card's whole story, for any role allowed to read it; real-name data masked, never an ID number. */
export async function story(ctx: AppContext, op: AdminActor, customNum: string): Promise<AdminAnswerOf<'adminCardStory'>> {
  const db = ctx.db.kysely;
  const id = await cardIdOf(db, op, customNum);
  const [row] = await searchCards(db, { id }, 1);
  const card = row!;
  const [binding, usage, packages, orders, ledger, personal, line, device, diagnoses, tickets, series] = await Promise.all([
    storyRepo.binding(db, id),
    storyRepo.usage(db, id, USAGE_DAYS),
    storyRepo.packages(db, id, LIST),
    storyRepo.orders(db, id, LIST),
    storyRepo.ledger(db, id, LIST),
    storyRepo.personal(db, id),
    storyRepo.simLine(db, card.custom_num),
    storyRepo.device(db, id),
    storyRepo.diagnoses(db, id, LIST),
    storyRepo.tickets(db, id, LIST),
    storyRepo.series(db, seriesIdsOf(card.package_series_ids)),
  ]);
  const full = (await cardRecord.cardById(db, id))!;
  const view = await lineOf(db, full);
  const account = await accountById(db, full.carrier_account_id);
  const sealer = personalData(ctx.config);
  const open = (v: string) => {
    try {
      return sealer.open(v);
    } catch {
      return '';
    }
  };
  return {
    card: {
      ...rowOf(card, planOf(view)),
      stop_reason: card.stop_reason,
      flow_synced_at: card.flow_synced_at,
      package_series: series,
      carrier_account: account ? (account.id === 1 ? '模拟运营商' : account.name) : `账号 ${full.carrier_account_id}`,
      carrier_raw_state: full.carrier_raw_state,
    },
    binding: binding
      ? { user_id: binding.user_id, mobile: binding.mobile ? maskMobile(binding.mobile) : '', bound_at: binding.created_at }
      : null,
    line: lineAnswer(card.custom_num, view),
    usage: usage.map((u) => ({ day: u.day, used_kb: Number(u.used_kb) })),
    packages: packages.map(({ order_state, ...p }) => ({ ...p, refunded: order_state === 'refunded' })),
    orders,
    ledger,
    real_name: {
      real_named: card.auth_state === 1,
      carrier_real_named: line ? line.real_named === 1 : card.auth_state === 1,
      holder: personal ? { name: maskPersonName(open(personal.name)), mobile: maskMobile(open(personal.mobile)) } : null,
    },
    device: device ? { serial: device.serial, bound_at: device.created_at } : null,
    diagnoses,
    tickets,
  };
}
