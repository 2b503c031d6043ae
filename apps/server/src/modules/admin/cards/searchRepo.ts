// Card search at a million cards: every filter is a plain indexed condition, the order is id desc
// and paging is a keyset (id < the last id seen), so a page reads about `limit` rows whatever the
// table's size — and no COUNT(*) ever runs (the answer says whether there is a next page).
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';

export interface CardFilter {
  /** prefix of the card number, ICCID or MSISDN */
  number?: string;
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

/** `col` starts with `prefix`: a range the column's index serves (LIKE alone may not use it). */
function startsWith(eb: Eb, col: 'cards.custom_num' | 'cards.iccid' | 'cards.isdn', prefix: string) {
  return eb.and([eb(col, '>=', prefix), eb(col, '<', `${prefix}\u{10FFFF}`), eb(col, 'like', `${prefix}%`)]);
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
    q = q.where((eb) => eb.or([startsWith(eb, 'cards.custom_num', p), startsWith(eb, 'cards.iccid', p), startsWith(eb, 'cards.isdn', p)]));
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
