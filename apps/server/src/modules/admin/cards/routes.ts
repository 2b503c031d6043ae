// The console's cards area: search, export, a card's story, import, bulk jobs (docs/decisions/0018, 0027).
import type { FastifyInstance } from 'fastify';
import { IMPORT_COLUMNS, REAL_NAME_STATE_LABEL, realNameStateOf } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { attachment, recordAudit, toCsv } from '../audit';
import { bulkJobsJob } from './bulkJobRunner';
import { createJob, jobDetail, listJobs } from './bulkJobs';
import { accountChoices } from './carrierAccounts';
import { commit, dryRun, listBatches, undo } from './imports';
import { SUPPLIER_ACCEPTED } from './importRules';
import { pending, resetPassword, take } from './passwords';
import { holderView, openTicket, remindRealName, setSeries, setState } from './actions';
import { exportRows, lookup, search, story } from './service';
import { bulkJobExports } from './exports';

/** The most rows one export writes (capped, not streamed): narrow the filter for more. */
export const CARD_EXPORT_LIMIT = 50_000;

/**
 * The template's example rows: valid ICCIDs (Luhn) of the demo agent's first series; the first on
 * the simulator account by name, the second by leaving 运营商账号 empty (the same account).
 */
const TEMPLATE_ROWS = [
  [
    `# 说明行（以 # 开头，导入时忽略，可删除）。运营商可填：${SUPPLIER_ACCEPTED}；代理标识：代理的标识（代理管理员导入时一律为本代理）；运营商账号：可留空（内置模拟器）；IMSI：15 位数字，可留空`,
  ],
  ['2000000001', '89860112345678901237', '1440123456781', '中国联通', '1', 'demo', 'simulator', '460011234567801'],
  ['2000000002', '89860112345678901245', '1440123456782', '2', '1', 'demo', '', ''],
];

export async function adminCardRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;

  serve(api, 'adminCardSearch', async (req, _reply, op) => search(db, op, req.query));

  serve(api, 'adminCardExport', async (req, reply, op) => {
    const rows = await exportRows(db, op, req.query, CARD_EXPORT_LIMIT);
    await recordAudit(db, op, {
      action: 'cards.export',
      target: { type: 'cards', id: '' },
      after: { filter: req.query, rows: rows.length },
    });
    const csv = toCsv(
      [
        '卡号',
        'ICCID',
        'MSISDN',
        '代理',
        '状态',
        '运营商',
        '套餐系列',
        '套餐',
        '剩余流量（MB）',
        '套餐到期时间',
        '实名',
        '绑定',
        '待换卡',
        '余额（元）',
        '到期时间',
        '创建时间',
        '导入批次',
      ],
      rows.map((r) => [
        r.custom_num,
        r.iccid,
        r.isdn,
        r.agent_name,
        r.state_label,
        r.supplier_label,
        r.series_ids.join(' '),
        // the plan in force as the list and the holder see it (docs/decisions/0029)
        r.plan?.name ?? '',
        r.plan ? Math.floor(r.plan.remaining_kb / 1024) : '',
        r.plan?.expired_at ?? '',
        REAL_NAME_STATE_LABEL[realNameStateOf(r.real_named)],
        r.bound ? '已绑定' : '未绑定',
        r.need_change_card ? '是' : '否',
        (r.balance_fen / 100).toFixed(2),
        r.expired_at,
        r.created_at,
        r.import_batch_id ?? '',
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('cards.csv', '卡片.csv'))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serve(api, 'adminCardLookup', async (req, _reply, op) => lookup(db, op, req.body.numbers));
  serve(api, 'adminCardStory', async (req, _reply, op) => story(ctx, op, req.query.card));
  // the story's actions (docs/decisions/0042-console-sees-as-holder.md)
  serve(api, 'adminCardSetState', async (req, _reply, op) => setState(ctx, op, req.body));
  serve(api, 'adminCardSetSeries', async (req, _reply, op) => setSeries(ctx, op, req.body));
  serve(api, 'adminCardRealNameRemind', async (req, _reply, op) => remindRealName(ctx, op, req.body));
  serve(api, 'adminCardTicketOpen', async (req, _reply, op) => openTicket(ctx, op, req.body));
  serve(api, 'adminCardHolderView', async (req, _reply, op) => holderView(ctx, op, req.query.card));

  serve(api, 'adminCardImportTemplate', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('card-import-template.csv', '卡片导入模板.csv'))
      .header('cache-control', 'no-store')
      .send(toCsv(IMPORT_COLUMNS, TEMPLATE_ROWS)),
  );
  // the accounts an import's 运营商账号 and a bulk 移至运营商账号 may name
  serve(api, 'adminCarrierAccountChoices', async () => accountChoices(ctx));
  serve(api, 'adminCardImportDryRun', async (req, _reply, op) => dryRun(ctx, op, req.body));
  serve(api, 'adminCardImportCommit', async (req, _reply, op) => commit(ctx, op, req.body));
  serve(api, 'adminCardImportBatches', async (req, _reply, op) => listBatches(db, op, req.query.before_id));
  serve(api, 'adminCardImportUndo', async (req, _reply, op) => undo(ctx, op, req.body));
  // card passwords (decision 0028): shown once, at import, at a reset, or taken from the waiting list
  serve(api, 'adminCardPasswordReset', async (req, _reply, op) => resetPassword(ctx, op, req.body));
  serve(api, 'adminCardPasswordPending', async (_req, _reply, op) => pending(ctx, op));
  serve(api, 'adminCardPasswordTake', async (req, _reply, op) => take(ctx, op, req.body));

  serve(api, 'adminBulkJobCreate', async (req, _reply, op) => createJob(ctx, op, req.body));
  // the cards of the jobs are done in the background, batch by batch (docs/decisions/0027)
  api.jobs.add(bulkJobsJob(ctx, Math.max(0, ctx.config.bulkJobsIntervalMs)));
  serve(api, 'adminBulkJobList', async (req, _reply, op) => listJobs(db, op, req.query.before_id));
  serve(api, 'adminBulkJobDetail', async (req, _reply, op) => jobDetail(db, op, req.query));
  // the area's CSV exports, beside its lists
  bulkJobExports(api, ctx);
}
