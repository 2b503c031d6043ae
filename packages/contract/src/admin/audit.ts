// The audit log: search and CSV export. Nothing changes it (docs/decisions/0018).
import { z } from 'zod';
import { adminArea } from './define';
import { AUDIT_REFS } from './auditLabels';

const iso = z.iso.datetime({ offset: true, error: '时间格式有误' });

export const AuditQuery = z.object({
  operator: z.string().trim().max(64, '操作人过长').optional(),
  /** an action's code, or words of its label (停机, 导出): every action they name (auditActionsMatching) */
  action: z.string().trim().max(64, '操作过长').optional(),
  target_type: z.string().trim().max(64, '对象类型过长').optional(),
  target_id: z.string().trim().max(128, '对象编号过长').optional(),
  from: iso.optional(),
  to: iso.optional(),
  /** keyset paging: the id of the last row of the previous page */
  before_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional(),
  limit: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(200, '每页最多 200 条').default(50),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator_id: z.number().int().nullable(),
  operator_username: z.string(),
  operator_role: z.string(),
  action: z.string(),
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
  ip: z.string(),
});

export const AuditListAnswer = z.object({
  items: z.array(AuditEntry),
  /** the names of the rows this page refers to (agents, packages, series, cards, operators…), by kind and id */
  names: z.partialRecord(z.enum(AUDIT_REFS), z.record(z.string(), z.string())),
  /** pass as before_id for the next page; null: no more */
  next_before_id: z.number().int().nullable(),
});

export const adminAuditEndpoints = adminArea({
  adminAuditList: {
    route: 'GET /admin/audit',
    access: 'audit.view',
    tags: ['admin audit'],
    summary: '审计日志：按操作人、操作、对象、时间筛选，按时间倒序分页',
    query: AuditQuery,
    answer: AuditListAnswer,
  },
  adminAuditExport: {
    route: 'GET /admin/audit/export',
    access: 'audit.view',
    tags: ['admin audit'],
    summary: '导出审计日志（CSV，UTF-8 带 BOM，筛选条件同列表，最多 10000 行）',
    query: AuditQuery,
  },
});
