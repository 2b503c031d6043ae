// Card search at a million cards: every filter is a plain indexed condition, the order is id desc
// and paging is a keyset (id < the last id seen), so a page reads about `limit` rows whatever the
// table's size — and no COUNT(*) ever runs (the answer says whether there is a next page).
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';

export interface CardFilter {
  /** prefix of the card number, ICCID or MSISDN */
  number?: string;
  /** false: the prefix matches many cards (see fewMatch) */
  numberFew?: boolean;
  /** the agent: the operator's own (agent administrator) or the one asked for */
  agentId?: number | null;
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

type NumberColumn = 'cards.custom_num' | 'cards.iccid' | 'cards.isdn';
const NUMBER_COLUMNS: readonly NumberColumn[] = ['cards.custom_num', 'cards.iccid', 'cards.isdn'];
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
export async function fewMatch(db: Executor, prefix: string): Promise<boolean> {
  let total = 0;
  for (const col of NUMBER_COLUMNS) {
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
    const p = f.number;
    const indexed = f.numberFew !== false;
    q = q.where((eb) => eb.or(NUMBER_COLUMNS.map((col) => startsWith(eb, col, p, indexed))));
  }
  if (f.agentId !== undefined && f.agentId !== null) q = q.where('cards.agent_id', '=', f.agentId);
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
