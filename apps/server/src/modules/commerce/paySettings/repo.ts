// SQL of the payment setting: per agent (configuration, seeded; the console edits it).
import type { Executor } from '../../../db/executor';
import type { PaySettingsTable } from '../../../db/schema';

export async function paySettingOfAgent(db: Executor, agentId: number) {
  return db.selectFrom('pay_settings').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

// The console (modules/admin/agents) sets an agent's payment setting through this, inside its
// transaction with the audit row.
export async function upsertPaySetting(db: Executor, row: PaySettingsTable): Promise<void> {
  const { agent_id, ...set } = row;
  const r = await db.updateTable('pay_settings').set(set).where('agent_id', '=', agent_id).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await db.insertInto('pay_settings').values(row).execute();
}
