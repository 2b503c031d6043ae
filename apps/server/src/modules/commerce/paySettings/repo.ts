// SQL of the payment setting: per agent, read only (configuration, seeded).
import type { Executor } from '../../../db/executor';

export async function paySettingOfAgent(db: Executor, agentId: number) {
  return db.selectFrom('pay_settings').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}
