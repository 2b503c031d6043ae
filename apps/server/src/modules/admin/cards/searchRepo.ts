// Card search at a million cards: every filter is a plain indexed condition, the order is id desc
// and paging is a keyset (id < the last id seen), so a page reads about `limit` rows whatever the
// table's size — and no COUNT(*) ever runs (the answer says whether there is a next page).
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';

export interface CardFilter {
  /** prefix of the card number, ICCID, MSISDN or IMSI — and, 4–8 characters, also their suffix */
  number?: string;
  /** whole identifiers (a pasted list): cards any of them names exactly */
  identifiers?: readonly string[];
  /** false: the prefix matches many cards (see fewMatch) */
  numberFew?: boolean;
  /** the agent: the operator's own (agent administrator) or the one asked for */
  agentId?: readonly number[] | null;
  state?: number;
  supplier?: number;
  seriesId?: number;
  realNamed?: boolean;
  bound?: boolean;
  mobile?: string;
  createdFrom?: string;
  createdTo?: string;
  beforeId?: number;
  /** one card (its story) */
  id?: number;
}

type Eb = ExpressionBuilder<Database, 'cards'>;

type NumberColumn =
  | 'cards.custom_num'
  | 'cards.iccid'
  | 'cards.isdn'
  | 'cards.imsi'
  | 'cards.custom_num_rev'
  | 'cards.iccid_rev'
  | 'cards.isdn_rev'
  | 'cards.imsi_rev';
/** the identifiers a card is found by */
const IDENTIFIERS = ['cards.custom_num', 'cards.iccid', 'cards.isdn', 'cards.imsi'] as const;
/** the same reversed (migration 036): "ends with" is "the reversed starts with", a range their indexes serve */
const REVERSED = ['cards.custom_num_rev', 'cards.iccid_rev', 'cards.isdn_rev', 'cards.imsi_rev'] as const;
/** a number this short may be the last digits a holder reads out (and it is long enough not to match everything) */
export const SUFFIX_MIN = 4;
export const SUFFIX_MAX = 8;

/** The (column, prefix) pairs a number filter matches: every identifier's beginning, and its end when short. */
export function numberMatches(number: string): [NumberColumn, string][] {
  const out: [NumberColumn, string][] = IDENTIFIERS.map((col) => [col, number]);
  if (number.length >= SUFFIX_MIN && number.length <= SUFFIX_MAX) {
    const reversed = [...number].reverse().join('');
    for (const col of REVERSED) out.push([col, reversed]);
  }
  return out;
}
/** above this many cards matching a number prefix, walking the id order beats sorting the matches */
const PREFIX_SORT_LIMIT = 1000;

/**
 * `col` starts with `prefix`. `indexed`: as a range the column's index serves (LIKE alone may not
 * use it) — right for a prefix few cards match; otherwise as an expression no index serves, so the
 * database walks the id order and stops at the page's end — right for a prefix most cards match
 * ("8986"), where sorting every match would read the whole table.
 */
function startsWith(eb: Eb, col: NumberColumn, prefix: string, indexed: boolean) {
  const value = indexed ? eb.ref(col) : sql<string>`(${sql.ref(col)} || '')`;
  return eb.and([eb(value, '>=', prefix), eb(value, '<', `${prefix}\u{10FFFF}`), eb(value, 'like', `${prefix}%`)]);
}

/** Whether few enough cards match a number prefix to take them by index and sort them (a bounded probe per column). */
export async function fewMatch(db: Executor, number: string): Promise<boolean> {
  let total = 0;
  for (const [col, prefix] of numberMatches(number)) {
    const r = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('cards')
          .select('cards.id')
          .where((w) => startsWith(w, col, prefix, true))
          .limit(PREFIX_SORT_LIMIT + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    total += Number(r.n);
    if (total > PREFIX_SORT_LIMIT) return false;
  }
  return true;
}

/** package_series_ids is a JSON array without spaces, e.g. [1,3] */
function inSeries(eb: Eb, id: number) {
  return eb.or([
    eb('cards.package_series_ids', '=', `[${id}]`),
    eb('cards.package_series_ids', 'like', `[${id},%`),
    eb('cards.package_series_ids', 'like', `%,${id},%`),
    eb('cards.package_series_ids', 'like', `%,${id}]`),
  ]);
}

export function filtered(db: Executor, f: CardFilter) {
  let q = db.selectFrom('cards');
  if (f.number) {
    const matches = numberMatches(f.number);
    const indexed = f.numberFew !== false;
    q = q.where((eb) => eb.or(matches.map(([col, p]) => startsWith(eb, col, p, indexed))));
  }
  if (f.identifiers) {
    const list = [...f.identifiers];
    q = q.where((eb) => eb.or(IDENTIFIERS.map((col) => eb(col, 'in', list))));
  }
  if (f.agentId !== undefined && f.agentId !== null) q = q.where('cards.agent_id', 'in', f.agentId);
  if (f.state !== undefined) q = q.where('cards.state', '=', f.state);
  if (f.supplier !== undefined) q = q.where('cards.supplier', '=', f.supplier);
  if (f.seriesId !== undefined) {
    const id = f.seriesId;
    q = q.where((eb) => inSeries(eb, id));
  }
  if (f.realNamed !== undefined) q = q.where('cards.auth_state', '=', f.realNamed ? 1 : 0);
  if (f.bound !== undefined) {
    const wanted = f.bound;
    q = q.where((eb) => {
      const bound = eb.exists(
        eb
          .selectFrom('card_bindings')
          .select(sql`1`.as('one'))
          .whereRef('card_bindings.card_id', '=', 'cards.id'),
      );
      return wanted ? bound : eb.not(bound);
    });
  }
  if (f.mobile) {
    const mobile = f.mobile;
    q = q.where('cards.id', 'in', (eb) =>
      eb
        .selectFrom('card_bindings')
        .innerJoin('users', 'users.id', 'card_bindings.user_id')
        .select('card_bindings.card_id')
        .where('users.mobile', '=', mobile),
    );
  }
  if (f.createdFrom) q = q.where('cards.created_at', '>=', f.createdFrom);
  if (f.createdTo) q = q.where('cards.created_at', '<', f.createdTo);
  if (f.beforeId) q = q.where('cards.id', '<', f.beforeId);
  if (f.id !== undefined) q = q.where('cards.id', '=', f.id);
  return q;
}

/** One page (or an export's rows), newest first. */
export async function searchCards(db: Executor, f: CardFilter, limit: number) {
  if (f.number && f.numberFew === undefined) f = { ...f, numberFew: await fewMatch(db, f.number) };
  return filtered(db, f)
    .innerJoin('agents', 'agents.id', 'cards.agent_id')
    .select([
      'cards.id',
      'cards.custom_num',
      'cards.iccid',
      'cards.isdn',
      'cards.imsi',
      'cards.agent_id',
      'agents.nickname as agent_name',
      'cards.state',
      'cards.supplier',
      'cards.package_series_ids',
      'cards.auth_state',
      'cards.need_change_card',
      'cards.balance_fen',
      'cards.expired_at',
      'cards.created_at',
      'cards.import_batch_id',
      'cards.stop_reason',
      'cards.flow_synced_at',
      // what the one read model of a line reads (modules/line LineCard): the list's plan columns
      'cards.supplier_auth_state',
      'cards.fake_real_name',
      'cards.resume_requested_at',
      'cards.apn',
      'cards.apn_expected',
      'cards.carrier_account_id',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('card_bindings')
            .select(sql`1`.as('one'))
            .whereRef('card_bindings.card_id', '=', 'cards.id'),
        )
        .$castTo<SqlBool>()
        .as('bound'),
    )
    .orderBy('cards.id', 'desc')
    .limit(limit)
    .execute();
}

export type CardSearchRow = Awaited<ReturnType<typeof searchCards>>[number];
