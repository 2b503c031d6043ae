import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Errors reported by phones (docs/decisions/0037-errors-from-phones.md): one row per group — the
// fingerprint of the scrubbed message and the release — with its count, when it was first and last
// seen, one user agent as an example and the first few pages or API routes it was met on. Texts are
// scrubbed before they are written (no card number, mobile, token or query string). Pruned by age
// and by number of groups (modules/errorReports).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = db.schema.createTable('error_reports');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('release', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    /** up to a few route templates, '\n'-separated */
    .addColumn('routes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sample_user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('error_reports_group', ['fingerprint', 'release'])
    .execute();
  await db.schema.createIndex('error_reports_last_seen').on('error_reports').columns(['last_seen_at']).execute();
  await db.schema.createIndex('error_reports_release').on('error_reports').columns(['release', 'last_seen_at']).execute();
}
