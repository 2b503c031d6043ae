// SQL of the devices module: the ONE writer of `devices` (which device holds which card; written
// only by the demo seed so far) and `device_changes` (every change an owner asked for, and its result).
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DeviceChangesTable, DevicesTable } from '../../db/schema';

export type DeviceRow = Selectable<DevicesTable>;
export type ChangeRow = Selectable<DeviceChangesTable>;

/** Changes the owner sees in the log. */
export const RECENT_CHANGES = 20;

export async function deviceByCard(db: Executor, cardId: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('card_id', '=', cardId).executeTakeFirst();
}

export async function deviceBySerial(db: Executor, serial: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('serial', '=', serial).executeTakeFirst();
}

/** The devices whose cards are bound to the user, in the order the cards were bound. */
export async function devicesOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('card_bindings as b')
    .innerJoin('devices as d', 'd.card_id', 'b.card_id')
    .innerJoin('cards as c', 'c.id', 'b.card_id')
    .select(['d.id', 'd.serial', 'd.card_id', 'c.custom_num'])
    .where('b.user_id', '=', userId)
    .orderBy('b.id', 'asc')
    .execute();
}

/** Who asked, in words: the account name, else the mobile with its middle hidden. */
export async function userLabel(db: Executor, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['account', 'mobile']).where('id', '=', userId).executeTakeFirst();
  if (u?.account) return u.account;
  if (u?.mobile) return u.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
  return '用户';
}

export async function insertChange(
  db: Executor,
  row: Omit<ChangeRow, 'id' | 'reason' | 'firmware_id'> & { reason?: string; firmware_id?: number },
): Promise<ChangeRow> {
  return db.insertInto('device_changes').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function changeOf(db: Executor, deviceId: number, id: number): Promise<ChangeRow | undefined> {
  return db.selectFrom('device_changes').selectAll().where('device_id', '=', deviceId).where('id', '=', id).executeTakeFirst();
}

export async function recentChanges(db: Executor, deviceId: number): Promise<ChangeRow[]> {
  return db
    .selectFrom('device_changes')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('id', 'desc')
    .limit(RECENT_CHANGES)
    .execute();
}

export async function pendingChanges(db: Executor, deviceId: number): Promise<ChangeRow[]> {
  return db
    .selectFrom('device_changes')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('state', '=', 'pending')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Record the device's verdict on a pending change. Conditional on it still being pending, so two
 * requests syncing the same change write it once and never move a settled change back.
 */
export async function settleChange(db: Executor, id: number, state: string, reason: string, settledAt: string): Promise<void> {
  await db
    .updateTable('device_changes')
    .set({ state, reason, settled_at: settledAt })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** A failed change the device is trying again (support's retry): pending once more. Conditional on still being failed. */
export async function reopenChange(db: Executor, id: number): Promise<boolean> {
  const r = await db
    .updateTable('device_changes')
    .set({ state: 'pending', reason: '', settled_at: null })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The devices of the given agent (null: every agent's), newest first, for the console's list; `q` a card number or serial exactly. */
export async function devicesInScope(db: Executor, agentId: readonly number[] | null, q: string, limit: number) {
  let query = db
    .selectFrom('devices as d')
    .innerJoin('cards as c', 'c.id', 'd.card_id')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .select(['d.id', 'd.serial', 'c.custom_num', 'c.agent_id', 'a.nickname as agent_name']);
  if (agentId !== null) query = query.where('c.agent_id', 'in', agentId);
  if (q !== '') query = query.where((eb) => eb.or([eb('c.custom_num', '=', q), eb('d.serial', '=', q)]));
  return query.orderBy('d.id', 'desc').limit(limit).execute();
}

/** The pending and failed changes of these devices, newest first. */
export async function openChanges(db: Executor, deviceIds: number[]): Promise<ChangeRow[]> {
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('device_changes')
    .selectAll()
    .where('device_id', 'in', deviceIds)
    .where('state', 'in', ['pending', 'failed'])
    .orderBy('id', 'desc')
    .execute();
}

export interface PushFilter {
  state: string;
  model: string;
  from?: string;
  to?: string;
  beforeId?: number;
}

/**
 * The firmware pushes of the given agents' devices (null: every agent's), newest first, with the
 * image they install (none for a push whose image is not recorded); `limit` rows from `beforeId`.
 */
export async function firmwarePushes(db: Executor, agentId: readonly number[] | null, f: PushFilter, limit: number) {
  let q = db
    .selectFrom('device_changes as dc')
    .innerJoin('devices as d', 'd.id', 'dc.device_id')
    .innerJoin('cards as c', 'c.id', 'd.card_id')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .leftJoin('firmware_images as f', 'f.id', 'dc.firmware_id')
    .selectAll('dc')
    .select(['d.serial', 'c.custom_num', 'a.nickname as agent_name', 'f.model as image_model', 'f.version as image_version'])
    .where('dc.kind', '=', 'firmware');
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  if (f.state !== '') q = q.where('dc.state', '=', f.state);
  if (f.model !== '') q = q.where('f.model', '=', f.model);
  if (f.from) q = q.where('dc.created_at', '>=', f.from);
  if (f.to) q = q.where('dc.created_at', '<', f.to);
  if (f.beforeId) q = q.where('dc.id', '<', f.beforeId);
  return q.orderBy('dc.id', 'desc').limit(limit).execute();
}
