import type { Kysely } from 'kysely';

// The sync engine's round (docs/decisions/0030) walks an account's due cards a step at a time in
// the order (flow_synced_at, id) from where the last step stopped. (carrier_account_id,
// flow_synced_at) alone left the id order to a sort of every card with the same time — at a first
// round, all of the account's cards ('' = never read), every step. With id in the index each step is
// one short range read. The asked-for cards (sync_wanted_at after '') are walked the same way.
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createIndex('cards_carrier_due').on('cards').columns(['carrier_account_id', 'flow_synced_at', 'id']).execute();
  await s.createIndex('cards_carrier_wanted').on('cards').columns(['carrier_account_id', 'sync_wanted_at', 'id']).execute();
  // the new index begins with the old one's columns: one index fewer to write on every card's sync
  await s.dropIndex('cards_carrier_sync').execute();
}
