import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The carrier fleet view (docs/decisions/0065-carrier-fleet-view.md):
//   last_error_kind    the kind of the last account-level failure (auth, unavailable, malformed),
//                      so the console says it in words and an auth refusal is told apart from an
//                      outage; '' none or before. last_error keeps the log's English for support.
//   last_round_failed  the cards whose read failed in the last complete round: a round that walked
//                      every due card and read none of them is not a success to show as 刚刚.
//   alerted_state      the state operators were last told of in the messaging app ('' none): the
//                      round's alert goes once per episode, across processes (compare-and-set).
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const [column, type, dflt] of [
    ['last_error_kind', 'text', ''],
    ['last_round_failed', 'integer', 0],
    ['alerted_state', 'text', ''],
  ] as const) {
    await db.schema
      .alterTable('carrier_accounts')
      .addColumn(column, type, (c) => c.notNull().defaultTo(dflt))
      .execute();
  }
}
