// The audit log (table audit_log, written only here, and only ever inserted into: the table is
// append-only, and the database's triggers refuse an UPDATE or DELETE).
import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { AuditLogTable } from '../../../db/schema';

export async function insertAudit(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  operator?: string;
  action?: string;
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
  if (f.action) q = q.where('action', '=', f.action);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  if (f.beforeId) q = q.where('id', '<', f.beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
