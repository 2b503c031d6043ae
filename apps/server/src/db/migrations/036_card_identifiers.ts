import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../connect';

// A card is found by any of its identifiers, whole or by the last digits a holder reads out on the
// phone (docs/decisions/0042-console-sees-as-holder.md, "Search"):
//   cards.imsi        the line's IMSI ('' unknown), from the import's IMSI column and the carrier
//                     sync where the platform answers it;
//   cards.*_rev       each identifier reversed, as generated columns the database keeps itself
//                     (whoever writes the card: imports, seeds, the sync, a script), each with an
//                     index: "ends with 1234" is "the reversed value starts with 4321", a range the
//                     index serves, so a suffix search reads the matches only, at any table size.
// PostgreSQL has reverse(); SQLite has none, and an index on a user-defined function would break
// every connection that lacks it (the backup's integrity check, the sqlite3 shell), so there the
// reversal is spelled with substr over the first REV_LENGTH characters — identifiers are at most
// 20 (the console refuses longer), so nothing is cut.
const REV_LENGTH = 24;

export const REVERSED_IDENTIFIERS = ['custom_num', 'iccid', 'isdn', 'imsi'] as const;

function reversed(col: string, dialect: DialectName): RawBuilder<string> {
  if (dialect === 'postgres') return sql`reverse(${sql.ref(col)})`;
  const parts = Array.from({ length: REV_LENGTH }, (_, i) => sql`substr(${sql.ref(col)}, ${sql.lit(REV_LENGTH - i)}, 1)`);
  return sql`(${sql.join(parts, sql` || `)})`;
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('cards')
    .addColumn('imsi', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('cards_imsi').on('cards').columns(['imsi']).execute();
  for (const col of REVERSED_IDENTIFIERS) {
    await s
      .alterTable('cards')
      // SQLite adds only VIRTUAL generated columns (computed on read; the index stores them);
      // PostgreSQL before 18 only STORED ones
      .addColumn(`${col}_rev`, 'text', (c) => {
        const g = c.generatedAlwaysAs(reversed(col, dialect));
        return dialect === 'postgres' ? g.stored() : g;
      })
      .execute();
    await s
      .createIndex(`cards_${col}_rev`)
      .on('cards')
      .columns([`${col}_rev`])
      .execute();
  }
}
