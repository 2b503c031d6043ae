import type { FastifyInstance } from 'fastify';
import { OPERATOR_ROLE_LABEL, type OperatorRole } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { attachment, toCsv } from './csv';
import { recordAudit, searchAudit } from './service';

/** The most rows one export writes: narrow the filter for more. */
const EXPORT_LIMIT = 10_000;

export async function auditRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminAuditList', async (req) => searchAudit(ctx.db.kysely, req.query));

  serve(api, 'adminAuditExport', async (req, reply, op) => {
    const { items } = await searchAudit(ctx.db.kysely, req.query, EXPORT_LIMIT);
    // an export copies the log out of the console: that too is on record
    await recordAudit(ctx.db.kysely, op, {
      action: 'audit.export',
      target: { type: 'audit_log', id: '' },
      after: { filter: req.query, rows: items.length },
    });
    const csv = toCsv(
      ['时间', '操作人', '角色', '操作', '对象类型', '对象编号', '原因', '变更前', '变更后', '请求编号', 'IP'],
      items.map((e) => [
        e.at,
        e.operator_username,
        OPERATOR_ROLE_LABEL[e.operator_role as OperatorRole] ?? e.operator_role,
        e.action_label,
        e.target_type,
        e.target_id,
        e.reason,
        e.before,
        e.after,
        e.request_id,
        e.ip,
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('audit-log.csv', '审计日志.csv'))
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
