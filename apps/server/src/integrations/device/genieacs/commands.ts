// SQL of the GenieACS adapter: the ONE writer of acs_commands (the tasks it sent and their fate).
import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { AcsCommandsTable } from '../../../db/schema';

export type AcsCommandRow = Selectable<AcsCommandsTable>;

export async function insertCommand(db: Executor, row: Omit<AcsCommandRow, 'id'>): Promise<AcsCommandRow> {
  return db.insertInto('acs_commands').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function commandsOf(db: Executor, serial: string, ids: number[]): Promise<AcsCommandRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('acs_commands').selectAll().where('serial', '=', serial).where('id', 'in', ids).orderBy('id').execute();
}

/** The device's latest commands, newest first (the console's view of a device). */
export async function recentCommands(db: Executor, serial: string, limit: number): Promise<AcsCommandRow[]> {
  return db.selectFrom('acs_commands').selectAll().where('serial', '=', serial).orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Record a verdict. Conditional on the state it was read in, so two readers syncing at once write
 * it once, and a cancel racing the device's inform cannot turn an applied change into a cancelled one.
 */
export async function settle(
  db: Executor,
  id: number,
  from: string,
  to: { state: string; reason: string; fault_code: string; settled_at: string | null },
): Promise<boolean> {
  const r = await db.updateTable('acs_commands').set(to).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The task ids among `taskIds` that rows of this device already follow. */
export async function takenTaskIds(db: Executor, deviceId: string, taskIds: string[]): Promise<Set<string>> {
  if (taskIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('acs_commands')
    .select('task_id')
    .where('device_id', '=', deviceId)
    .where('task_id', 'in', taskIds)
    .execute();
  return new Set(rows.map((r) => r.task_id));
}

/** A change sent without an answer is now known by its task: recorded once (a row that has an id keeps it). */
export async function adoptTask(db: Executor, id: number, taskId: string): Promise<boolean> {
  const r = await db.updateTable('acs_commands').set({ task_id: taskId }).where('id', '=', id).where('task_id', '=', '').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
