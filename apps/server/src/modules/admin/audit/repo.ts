// The audit log (table audit_log, written only here, and only ever inserted into: the table is
// append-only, and the database's triggers refuse an UPDATE or DELETE).
import type { Insertable } from 'kysely';
import type { AuditRef } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';
import type { AuditLogTable } from '../../../db/schema';

export async function insertAudit(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  operator?: string;
  /** any of these actions (a search by label names several; none matched: nothing found) */
  actions?: readonly string[];
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  beforeId?: number;
}

/** Newest first; keyset paging on id (ids grow with time). */
export async function searchAudit(db: Executor, f: AuditFilter, limit: number) {
  let q = db.selectFrom('audit_log').selectAll();
  if (f.operator) q = q.where('operator_username', '=', f.operator);
  if (f.actions) q = f.actions.length > 0 ? q.where('action', 'in', f.actions) : q.where((eb) => eb.val(1), '=', 0);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  if (f.beforeId) q = q.where('id', '<', f.beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The names of rows the log refers to, by id (read only: these tables belong to their modules). One
 * query per kind for a whole page of the log, never one per row. A row deleted since shows its id.
 */
export async function namesOf(db: Executor, ref: AuditRef, ids: readonly number[]): Promise<Record<string, string>> {
  const pairs = await (async (): Promise<{ id: number; name: string }[]> => {
    switch (ref) {
      case 'agent':
        return db.selectFrom('agents').select(['id', 'nickname as name']).where('id', 'in', ids).execute();
      case 'package':
        return db.selectFrom('packages').select(['id', 'name']).where('id', 'in', ids).execute();
      case 'series':
        return db.selectFrom('package_series').select(['id', 'name']).where('id', 'in', ids).execute();
      case 'card':
        return db.selectFrom('cards').select(['id', 'custom_num as name']).where('id', 'in', ids).execute();
      case 'operator':
        return db.selectFrom('operators').select(['id', 'username as name']).where('id', 'in', ids).execute();
      case 'coupon_package':
        return db.selectFrom('coupon_packages').select(['id', 'name']).where('id', 'in', ids).execute();
      case 'carrier_account':
        return db.selectFrom('carrier_accounts').select(['id', 'name']).where('id', 'in', ids).execute();
    }
  })();
  return Object.fromEntries(pairs.map((p) => [String(p.id), p.name]));
}
