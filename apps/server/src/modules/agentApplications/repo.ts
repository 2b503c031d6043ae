// SQL of agent applications: the ONE writer of `agent_applications` (the operator console will
// review them through this file too).
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { AgentApplicationsTable } from '../../db/schema';

export type AgentApplicationRow = Selectable<AgentApplicationsTable>;

/**
 * Files an application; false when the mobile already has an open one. The unique `open_mobile`
 * decides, so two submissions at the same moment cannot both get in.
 */
export async function insertApplication(db: Executor, row: Insertable<AgentApplicationsTable>): Promise<boolean> {
  const res = await db
    .insertInto('agent_applications')
    .values(row)
    .onConflict((oc) => oc.column('open_mobile').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Review outcome (the operator console): a rejection frees the mobile for a new application; an
 * approval names the sub-agent it became. Only from the state the reviewer saw (`from`): false when
 * another reviewer decided first, so one application never becomes two agents.
 */
export async function setApplicationStatus(
  db: Executor,
  id: number,
  from: string,
  to: { status: string; rejectReason: string; createdAgentId?: number | null },
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('agent_applications')
    .set((eb) => ({
      status: to.status,
      reject_reason: to.rejectReason,
      updated_at: at,
      open_mobile: to.status === 'rejected' ? null : eb.ref('mobile'),
      ...(to.createdAgentId ? { created_agent_id: to.createdAgentId } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function applicationByKey(db: Executor, key: string) {
  return db.selectFrom('agent_applications').selectAll().where('access_key', '=', key).executeTakeFirst();
}

/** The mobile's newest application. */
export function latestApplicationOf(db: Executor, mobile: string) {
  return db.selectFrom('agent_applications').selectAll().where('mobile', '=', mobile).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The agent whose branding the applicant came through (read only: agents belong to branding). */
export function agentOfMark(db: Executor, mark: string) {
  return db.selectFrom('agents').select(['id', 'agent_form']).where('mark', '=', mark).executeTakeFirst();
}
