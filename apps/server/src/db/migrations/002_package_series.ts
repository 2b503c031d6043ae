import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Package series: an agent's families of data plans. A card may buy from the series listed in
// its package_series_ids; a multi-series card must first choose one (docs/spec/portal-spec.md §4,
// /select).
// The plans inside a series and their prices come with commerce (003).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('package_series')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('package_series_agent').on('package_series').column('agent_id').execute();
}
