import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The console's cards area (docs/decisions/0018):
//   card_import_batches  one committed import (CSV/XLSX): who, when, how many cards, the file's
//                        name, undone_at once undone; each imported card carries its batch id
//                        (cards.import_batch_id) so the batch can be undone while unused;
//   bulk_jobs            a bulk action (suspend, resume, mark for replacement, set series, move)
//                        over many cards, with its reason and counts;
//   bulk_job_items       one card of a job: its number as given, and the result (ok / failed + why).
// And the indexes card search at a million cards needs: every filter has an index that also
// gives the id order the keyset pagination walks (id desc), so a page reads ~limit rows.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const withId = (name: string) => {
    const t = s.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('card_import_batches')
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('operator_username', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await s.createIndex('card_import_batches_agent').on('card_import_batches').columns(['agent_id', 'id']).execute();

  await s.alterTable('cards').addColumn('import_batch_id', 'integer').execute();
  await s.createIndex('cards_import_batch').on('cards').columns(['import_batch_id']).execute();

  await withId('bulk_jobs')
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON: the action's parameter (series id, target agent id) or {} */
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('operator_username', 'text', (c) => c.notNull())
    /** the operator's agent (agent administrators): their jobs only; NULL otherwise */
    .addColumn('agent_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('ok_count', 'integer', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await s.createIndex('bulk_jobs_agent').on('bulk_jobs').columns(['agent_id', 'id']).execute();

  await withId('bulk_job_items')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('bulk_jobs.id'))
    /** the card number as the operator gave it (it may name no card) */
    .addColumn('custom_num', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer')
    /** pending | ok | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('bulk_job_items_job').on('bulk_job_items').columns(['job_id', 'id']).execute();

  // card search (custom_num is unique already: its index serves the prefix range)
  await s.createIndex('cards_agent_id').on('cards').columns(['agent_id', 'id']).execute();
  await s.createIndex('cards_agent_state_id').on('cards').columns(['agent_id', 'state', 'id']).execute();
  await s.createIndex('cards_state_id').on('cards').columns(['state', 'id']).execute();
  await s.createIndex('cards_supplier_id').on('cards').columns(['supplier', 'id']).execute();
  await s.createIndex('cards_iccid').on('cards').columns(['iccid']).execute();
  await s.createIndex('cards_isdn').on('cards').columns(['isdn']).execute();
  await s.createIndex('cards_created_at').on('cards').columns(['created_at']).execute();
  // the story's lists of one card, newest first
  await s.createIndex('tickets_card').on('tickets').columns(['card_id', 'id']).execute();
}
