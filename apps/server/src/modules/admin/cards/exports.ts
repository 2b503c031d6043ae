// A bulk job's result per card as CSV (docs/decisions/0018), through the job's own scope check.
import type { FastifyInstance } from 'fastify';
import { BULK_KIND_LABEL, BULK_STATUS_LABEL } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { send, walk } from '../exports/csvExport';
import { jobInScope, jobItemsPage } from './bulkJobs';

export function bulkJobExports(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  serve(api, 'adminExportBulkJobItems', async (req, reply, op) => {
    // the job's own detail function: its scope check (another agent's job: not found) included
    const job = await jobInScope(db, op, req.query.id);
    const { rows, truncated } = await walk(
      (after, limit) => jobItemsPage(db, job.id, { afterId: after, limit }),
      (i) => i.id,
    );
    return send(ctx, reply, op, {
      action: 'bulk_job.export',
      file: [`bulk-job-${job.id}.csv`, `批量任务-${job.id}.csv`],
      filter: { id: job.id },
      truncated,
      header: ['任务', '操作', '卡号', '结果', '说明', '时间'],
      rows: rows.map((i) => [
        job.id,
        BULK_KIND_LABEL[job.kind],
        i.custom_num,
        BULK_STATUS_LABEL[i.status] ?? i.status,
        i.message,
        i.updated_at,
      ]),
    });
  });
}
