// "Export any list to CSV" (docs/decisions/0018): one CSV endpoint per console list that had none. Each takes
// the list's own filters (without its paging), answers the whole filtered set as a file (walked
// page by page, capped at EXPORT_MAX_ROWS) in the agent scope the list applies, and is audited.
// Which roles may call one is the permission of the list it exports. Also here: a ticket's images,
// shown to the operators who may open the ticket.
import { z } from 'zod';
import { adminArea } from './define';
import { adminCatalogueEndpoints } from './catalogue';
import { AdminApplicationQuery, AdminRealNameQuery, AdminReplacementQuery, AdminShopOrderQuery, AdminTicketQuery } from './queues';

/** The most rows one export answers (the answer's x-export-truncated header says when the filtered set was larger). */
export const EXPORT_MAX_ROWS = 10_000;

const Id = (label: string) =>
  z.coerce
    .number({ error: `${label}有误` })
    .int(`${label}有误`)
    .positive(`${label}有误`);
const paging = { after_id: true, limit: true } as const;
type ExportRoute = `GET /admin/exports/${string}`;
/** An export with the list's filters. */
const csv = <const R extends ExportRoute, Q extends z.ZodType>(route: R, summary: string, query: Q) =>
  ({ route, raw: true, tags: ['admin exports'], summary, query }) as const;
/** An export of a list without filters. */
const whole = <const R extends ExportRoute>(route: R, summary: string) => ({ route, raw: true, tags: ['admin exports'], summary }) as const;

export const adminExportEndpoints = adminArea({
  adminExportSeries: csv('GET /admin/exports/series', '导出套餐系列（CSV，筛选同列表）', adminCatalogueEndpoints.adminSeriesList.query),
  adminExportPackages: csv('GET /admin/exports/packages', '导出套餐（CSV，筛选同列表）', adminCatalogueEndpoints.adminPackageList.query),
  adminExportPrices: csv(
    'GET /admin/exports/prices',
    '导出代理价格：成本价、零售价、毛利（CSV，筛选同列表）',
    adminCatalogueEndpoints.adminPackageList.query,
  ),
  adminExportCouponPackages: whole('GET /admin/exports/coupon-packages', '导出优惠券包（CSV）'),
  adminExportRechargeOffers: whole('GET /admin/exports/recharge-offers', '导出首充优惠（CSV）'),
  adminExportVoucherBatches: whole('GET /admin/exports/voucher-batches', '导出优惠券发放记录（CSV）'),
  adminExportAgents: whole('GET /admin/exports/agents', '导出代理商（CSV）'),
  adminExportTickets: csv('GET /admin/exports/tickets', '导出工单（CSV，筛选同列表）', AdminTicketQuery.omit(paging)),
  adminExportApplications: csv(
    'GET /admin/exports/agent-applications',
    '导出代理申请（CSV，筛选同列表）',
    AdminApplicationQuery.omit(paging),
  ),
  adminExportReplacements: csv('GET /admin/exports/replacements', '导出换卡申请（CSV，筛选同列表）', AdminReplacementQuery.omit(paging)),
  adminExportRealName: csv('GET /admin/exports/real-name', '导出实名记录（CSV，仅脱敏信息）', AdminRealNameQuery.omit(paging)),
  adminExportShopOrders: csv('GET /admin/exports/shop-orders', '导出发货列表（CSV，筛选同列表）', AdminShopOrderQuery.omit(paging)),
  adminExportOperators: whole('GET /admin/exports/operators', '导出操作员（CSV，不含密码与两步验证密钥）'),
  adminExportLatePayments: whole('GET /admin/exports/late-payments', '导出异常到账（CSV）'),
  adminExportLedger: csv(
    'GET /admin/exports/ledger',
    '导出一张卡的余额明细，含手工调整（CSV）',
    z.object({ card: z.string({ error: '请填写卡号' }).trim().min(1, '请填写卡号').max(32, '卡号有误') }),
  ),
  adminExportBulkJobItems: csv('GET /admin/exports/bulk-job-items', '导出批量任务的逐卡结果（CSV）', z.object({ id: Id('任务编号') })),
  adminTicketImage: {
    route: 'GET /admin/tickets/:id/images/:n',
    raw: true,
    tags: ['admin queues'],
    summary: '工单的第 n 张图片（与工单相同的代理范围）',
    params: z.object({
      id: Id('工单编号'),
      n: z.coerce.number({ error: '图片有误' }).int('图片有误').min(0, '图片有误').max(8, '图片有误'),
    }),
  },
});
