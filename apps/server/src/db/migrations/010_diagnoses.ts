import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Smart diagnosis and stop reasons (docs/decisions/0014-diagnosis-and-stop-reasons.md).
//   cards.stop_reason     the carrier's stop reason as last reported ('' = none said): the card
//                         facts carry it decoded, so every page can say why a card is stopped
//                         without asking the carrier on the hot path;
//   diagnoses             each diagnosis as it was shown (the owner's view), a short history per card;
//   sim_lines.stop_reason the carrier simulator's reason for a stopped line;
//   sim_lines.apn         the APN the line is set to ('' = the carrier's right one).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('cards')
    .addColumn('stop_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('sim_lines')
    .addColumn('stop_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('sim_lines')
    .addColumn('apn', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  const t = s.createTable('diagnoses');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** 'card_check' (the smart diagnosis) or 'line_test' (/check) */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** 'visitor' or 'owner': who asked (the stored checks are always the owner's view) */
    .addColumn('asked_by', 'text', (c) => c.notNull())
    /** ok | problem | unknown */
    .addColumn('overall', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', (c) => c.notNull())
    /** JSON: the checks as shown */
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('diagnoses_card').on('diagnoses').columns(['card_id', 'id']).execute();
}
