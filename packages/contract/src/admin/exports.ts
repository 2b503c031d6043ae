// "Export any list to CSV" (docs/decisions/0018): one CSV endpoint per console list that had none. Each takes
// the list's own filters (without its paging), answers the whole filtered set as a file (walked
// page by page, capped at EXPORT_MAX_ROWS) in the agent scope the list applies, and is audited.
// Which roles may call one is the permission of the list it exports. Also here: a ticket's images,
// shown to the operators who may open the ticket.
import { z } from 'zod';
import { adminArea } from './define';
import type { Permission } from './permissions';
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
/** An export (GET /admin/exports/<slug>) with the list's filters, for those who may read the list (its permission). */
const csv = <const S extends string, const A extends Permission, Q extends z.ZodType>(slug: S, access: A, summary: string, query: Q) =>
  ({ route: `GET /admin/exports/${slug}`, access, tags: ['admin exports'], summary, query }) as const;
/** An export of a list without filters. */
const whole = <const S extends string, const A extends Permission>(slug: S, access: A, summary: string) =>
  ({ route: `GET /admin/exports/${slug}`, access, tags: ['admin exports'], summary }) as const;

export const adminExportEndpoints = adminArea({
  adminExportSeries: csv('series', 'prices.view', '导出套餐系列（CSV，筛选同列表）', adminCatalogueEndpoints.adminSeriesList.query),
  adminExportPackages: csv('packages', 'prices.view', '导出套餐（CSV，筛选同列表）', adminCatalogueEndpoints.adminPackageList.query),
  adminExportPrices: csv(
    'prices',
    'prices.view',
    '导出代理价格：成本价、零售价、毛利（CSV，筛选同列表）',
    adminCatalogueEndpoints.adminPackageList.query,
  ),
  adminExportCouponPackages: whole('coupon-packages', 'prices.view', '导出优惠券包（CSV）'),
  adminExportRechargeOffers: whole('recharge-offers', 'prices.view', '导出首充优惠（CSV）'),
  adminExportVoucherBatches: whole('voucher-batches', 'vouchers.issue', '导出优惠券发放记录（CSV）'),
  adminExportAgents: whole('agents', 'agents.view', '导出代理商（CSV）'),
  adminExportTickets: csv('tickets', 'tickets.manage', '导出工单（CSV，筛选同列表）', AdminTicketQuery.omit(paging)),
  adminExportApplications: csv(
    'agent-applications',
    'agentApplications.manage',
    '导出代理申请（CSV，筛选同列表）',
    AdminApplicationQuery.omit(paging),
  ),
  adminExportReplacements: csv('replacements', 'cards.manage', '导出换卡申请（CSV，筛选同列表）', AdminReplacementQuery.omit(paging)),
  adminExportRealName: csv('real-name', 'realname.view', '导出实名记录（CSV，仅脱敏信息）', AdminRealNameQuery.omit(paging)),
  adminExportShopOrders: csv('shop-orders', 'orders.manage', '导出发货列表（CSV，筛选同列表）', AdminShopOrderQuery.omit(paging)),
  adminExportOperators: whole('operators', 'operators.manage', '导出操作员（CSV，不含密码与两步验证密钥）'),
  adminExportLatePayments: whole('late-payments', 'ledger.view', '导出异常到账（CSV）'),
  adminExportLedger: csv(
    'ledger',
    'ledger.view',
    '导出一张卡的余额明细，含手工调整（CSV）',
    z.object({ card: z.string({ error: '请填写卡号' }).trim().min(1, '请填写卡号').max(32, '卡号有误') }),
  ),
  adminExportBulkJobItems: csv('bulk-job-items', 'cards.manage', '导出批量任务的逐卡结果（CSV）', z.object({ id: Id('任务编号') })),
  adminTicketImage: {
    route: 'GET /admin/tickets/:id/images/:n',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '工单的第 n 张图片（与工单相同的代理范围）',
    params: z.object({
      id: Id('工单编号'),
      n: z.coerce.number({ error: '图片有误' }).int('图片有误').min(0, '图片有误').max(8, '图片有误'),
    }),
  },
});
