// SQL of the pay module.
import type { Db } from '../../db/connect';

export async function paySettingOfAgent(db: Db, agentId: number) {
  return db.kysely.selectFrom('pay_settings').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}
