// "Export any list to CSV" (docs/decisions/0018): every console list that had no export gets one here. Each
// reads through the list's own function (the same filters, the same agent scope — an agent
// administrator's file holds only their agent's rows), walks the whole filtered set page by page up
// to EXPORT_MAX_ROWS, writes an `<list>.export` audit row (who, which filter, how many rows) and
// answers the file. Personal data leaves only as the list shows it: real-name records masked,
// operators without password hashes or second-factor secrets. The lists are one table (LISTS) of
// how each reads its rows and which columns it writes, served by one handler; the ledger and a
// bulk job's results, which check their card or job first and name the file after it, have their own.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ADMIN_ENDPOINTS,
  EXPORT_MAX_ROWS,
  PACKAGE_TYPE_NAME,
  BULK_KIND_LABEL,
  BULK_STATUS_LABEL,
  OPERATOR_STATE_LABEL,
  REAL_NAME_STATE_LABEL,
  REPLACEMENT_STATUS_LABEL,
  TOTP_STATE_LABEL,
  operatorStateOf,
  realNameStateOf,
  totpStateOf,
  type AdminEndpointName,
  type AdminQueryOf,
  type AuditAction,
} from '@portal/contract/admin';
import { LEDGER_KIND_LABEL, ORDER_STATE_LABEL } from '@portal/contract';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { SHIP_STATE_LABEL } from '@portal/contract/patterns/shop';
import {
  AGENT_APPLICATION_STATUS_LABEL,
  AGENT_CHANNEL_LABEL,
  type AgentApplicationStatus,
  type AgentChannel,
} from '@portal/contract/patterns/agentApplications';
import { TICKET_CATEGORY_LABEL, TICKET_STATUS_LABEL, type TicketCategory, type TicketStatus } from '@portal/contract/patterns/tickets';
import { maskIdNumber, maskMobile, maskPersonName } from '@portal/domain';
import type { AppContext } from '../../../context';
import { personalData } from '../../../lib/personalData';
import { replacementAddress } from '../../replacement';
import type { AdminActor } from '../access/actor';
import { contactFor } from '../access/contact';
import { serveAdmin, type AdminHandler } from '../access/guard';
import type { Permission } from '../access/permissions';
import { agentFilter, assertInScope } from '../access/scope';
import { attachment, recordAudit, toCsv } from '../audit';
import { listAgents } from '../agents/service';
import { jobInScope, jobItemsPage } from '../cards/bulkJobs';
import { listBatches, listCouponPackages, listOffers, listPackages, listSeries } from '../catalogue/service';
import { listOperators } from '../operators/service';
import * as orders from '../orders/repo';
import * as queues from '../queues/repo';
import { ticketExcerpt } from '../queues/rules';
import { ticketImageRoutes } from './ticketImages';
import { walkPages } from './walk';

const yuan = (fen: number) => (fen / 100).toFixed(2);
const yesNo = (b: boolean) => (b ? '是' : '否');
const label = <K extends string>(map: Record<K, string>, key: string) => map[key as K] ?? key;

interface Export {
  /** the audit action, `<list>.export` */
  action: AuditAction;
  /** the file's name: ASCII fallback and the Chinese one */
  file: [string, string];
  /** what the rows were filtered by, for the audit row */
  filter: unknown;
  header: readonly string[];
  rows: readonly (readonly unknown[])[];
  truncated?: boolean;
}

async function send(ctx: AppContext, reply: FastifyReply, op: AdminActor, e: Export): Promise<FastifyReply> {
  await recordAudit(ctx.db.kysely, op, {
    action: e.action,
    target: { type: e.action.split('.')[0]!, id: '' },
    after: { filter: e.filter, rows: e.rows.length, ...(e.truncated ? { truncated: true } : {}) },
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(e.file[0], e.file[1]))
    .header('cache-control', 'no-store')
    .header('x-export-truncated', e.truncated ? '1' : '0')
    .send(toCsv(e.header, e.rows));
}

/** A column of a file: its header and a row's cell. */
type Column<R> = readonly [header: string, cell: (row: R) => unknown];

/** The rows of an export: a small list whole, or a big one walked (`truncated` past the cap). */
interface Rows<R> {
  rows: readonly R[];
  truncated?: boolean;
}

/** One list's export: who may, the audit action and the file, how it reads its rows and its columns. */
interface ListExport<K extends AdminEndpointName, R> {
  name: K;
  permission: Permission;
  action: AuditAction;
  file: [string, string];
  /** the filtered set, through the list's own function and in the operator's agent scope */
  read: (query: AdminQueryOf<K>, op: AdminActor) => Promise<Rows<R>>;
  columns: readonly Column<R>[];
}

/** A list's export, served: reads, audits (the filter: the query, or nothing for a list without filters), answers the file. */
function listExport<K extends AdminEndpointName, R>(e: ListExport<K, R>) {
  const filtered = 'query' in ADMIN_ENDPOINTS[e.name];
  return (api: FastifyInstance, ctx: AppContext) =>
    serveAdmin(api, ctx, e.name, e.permission, (async (req, reply, op) => {
      const { rows, truncated } = await e.read(req.query as AdminQueryOf<K>, op);
      return send(ctx, reply, op, {
        action: e.action,
        file: e.file,
        filter: filtered ? req.query : {},
        truncated,
        header: e.columns.map(([header]) => header),
        rows: rows.map((r) => e.columns.map(([, cell]) => cell(r))),
      });
    }) as AdminHandler<K>);
}

/** A keyset-paged list walked from its start, up to EXPORT_MAX_ROWS. */
const walk = <R>(page: (after: number | undefined, limit: number) => Promise<readonly R[]>, keyOf: (row: R) => number, batch?: number) =>
  walkPages(page, keyOf, EXPORT_MAX_ROWS, batch);

export async function exportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const pd = personalData(ctx.config);

  const LISTS = [
    // ---------- catalogue: small, unpaged lists (their list functions answer them whole) ----------
    listExport({
      name: 'adminExportSeries',
      permission: 'prices.view',
      action: 'series.export',
      file: ['series.csv', '套餐系列.csv'],
      read: async (q, op) => ({ rows: (await listSeries(ctx, op, q)).items }),
      columns: [
        ['编号', (s) => s.id],
        ['代理', (s) => s.agent_name],
        ['系列名称', (s) => s.name],
        ['说明', (s) => s.description],
        ['排序', (s) => s.sort],
        ['套餐数', (s) => s.package_count],
      ],
    }),
    listExport({
      name: 'adminExportPackages',
      permission: 'prices.view',
      action: 'packages.export',
      file: ['packages.csv', '套餐.csv'],
      read: async (q, op) => ({ rows: (await listPackages(ctx, op, q)).items }),
      columns: [
        ['编号', (p) => p.id],
        ['代理', (p) => p.agent_name],
        ['系列', (p) => p.series_name],
        ['套餐名称', (p) => p.name],
        ['类型', (p) => PACKAGE_TYPE_NAME[p.package_type] ?? p.package_type],
        ['周期', (p) => `${p.period_count}${p.period === 1 ? '天' : '个月'}`],
        ['流量(MB)', (p) => p.flow_mb],
        ['零售价(元)', (p) => yuan(p.retail_fen)],
        ['划线价(元)', (p) => yuan(p.original_price_fen)],
        ['可用券', (p) => yesNo(p.voucher_allowed)],
        ['推荐', (p) => yesNo(p.recommended)],
        ['在售', (p) => yesNo(p.on_sale)],
        ['排序', (p) => p.sort],
        ['说明', (p) => p.description],
      ],
    }),
    listExport({
      name: 'adminExportPrices',
      permission: 'prices.view',
      action: 'prices.export',
      file: ['prices.csv', '代理价格.csv'],
      read: async (q, op) => ({ rows: (await listPackages(ctx, op, q)).items }),
      columns: [
        ['代理', (p) => p.agent_name],
        ['系列', (p) => p.series_name],
        ['套餐编号', (p) => p.id],
        ['套餐名称', (p) => p.name],
        ['成本价(元)', (p) => yuan(p.cost_fen)],
        ['零售价(元)', (p) => yuan(p.retail_fen)],
        ['毛利(元)', (p) => yuan(p.margin_fen)],
        ['毛利率(%)', (p) => p.margin_pct ?? ''],
        ['在售', (p) => yesNo(p.on_sale)],
      ],
    }),
    listExport({
      name: 'adminExportCouponPackages',
      permission: 'prices.view',
      action: 'coupon_packages.export',
      file: ['coupon-packages.csv', '优惠券包.csv'],
      read: async (_q, op) => ({ rows: (await listCouponPackages(ctx, op)).items }),
      columns: [
        ['编号', (c) => c.id],
        ['代理', (c) => c.agent_name],
        ['券包名称', (c) => c.name],
        ['售价(元)', (c) => yuan(c.price_fen)],
        ['券', (c) => c.vouchers.map((v) => `${yuan(v.amount_fen)}元(满${yuan(v.min_spend_fen)}元,${v.valid_days}天)`).join('；')],
        ['在售', (c) => yesNo(c.on_sale)],
        ['说明', (c) => c.description],
      ],
    }),
    listExport({
      name: 'adminExportRechargeOffers',
      permission: 'prices.view',
      action: 'recharge_offers.export',
      file: ['recharge-offers.csv', '首充优惠.csv'],
      read: async (_q, op) => ({ rows: (await listOffers(ctx, op)).items }),
      columns: [
        ['代理', (o) => o.agent_name],
        ['首充优惠', (o) => (o.offer ? '有' : '无')],
        ['充值金额(元)', (o) => (o.offer ? yuan(o.offer.amount_fen) : '')],
        ['赠送金额(元)', (o) => (o.offer ? yuan(o.offer.bonus_fen) : '')],
        ['标题', (o) => o.offer?.title ?? ''],
        ['说明', (o) => o.offer?.description ?? ''],
      ],
    }),
    listExport({
      name: 'adminExportVoucherBatches',
      permission: 'vouchers.issue',
      action: 'voucher_batches.export',
      file: ['voucher-batches.csv', '优惠券发放记录.csv'],
      // newest first, keyset on the batch id like the list
      read: (_q, op) =>
        walk(
          async (before, limit) => (await listBatches(ctx, op, { before_id: before, limit })).items,
          (b) => b.id,
          200,
        ),
      columns: [
        ['批次', (b) => b.id],
        ['券名称', (b) => b.name],
        ['面额(元)', (b) => yuan(b.amount_fen)],
        ['门槛(元)', (b) => yuan(b.min_spend_fen)],
        ['有效天数', (b) => b.valid_days],
        ['发放对象', (b) => b.target],
        ['卡数', (b) => b.card_count],
        ['原因', (b) => b.reason],
        ['操作员', (b) => b.operator_username],
        ['发放时间', (b) => b.created_at],
      ],
    }),

    // ---------- agents and operators ----------
    listExport({
      name: 'adminExportAgents',
      permission: 'agents.view',
      action: 'agents.export',
      file: ['agents.csv', '代理商.csv'],
      read: async (_q, op) => ({ rows: (await listAgents(ctx, op)).items }),
      columns: [
        ['编号', (a) => a.id],
        ['代理标识', (a) => a.mark],
        ['名称', (a) => a.nickname],
        ['应用名称', (a) => a.apply_name],
        ['卡数', (a) => a.card_count],
        ['创建时间', (a) => a.created_at],
      ],
    }),
    listExport({
      name: 'adminExportOperators',
      permission: 'operators.manage',
      action: 'operators.export',
      file: ['operators.csv', '操作员.csv'],
      // the list's own rows: they carry no password hash and no second-factor secret
      read: async () => ({ rows: (await listOperators(ctx)).items }),
      columns: [
        ['编号', (o) => o.id],
        ['用户名', (o) => o.username],
        ['姓名', (o) => o.display_name],
        ['角色', (o) => o.role_label],
        ['代理商', (o) => o.agent?.name ?? ''],
        ['状态', (o) => OPERATOR_STATE_LABEL[operatorStateOf(o.disabled)]],
        ['锁定至', (o) => o.locked_until ?? ''],
        ['两步验证', (o) => TOTP_STATE_LABEL[totpStateOf(o.totp_enabled)]],
        ['最近登录时间', (o) => o.last_login_at ?? ''],
        ['创建时间', (o) => o.created_at],
      ],
    }),

    // ---------- queues: keyset-walked like their lists ----------
    listExport({
      name: 'adminExportTickets',
      permission: 'tickets.manage',
      action: 'tickets.export',
      file: ['tickets.csv', '工单.csv'],
      read: async (q, op) => {
        const r = await walk(
          (after, limit) =>
            queues.searchTickets(
              db,
              agentFilter(op),
              { status: q.status, category: q.category, card: q.card || undefined, order: q.order, afterId: after },
              limit,
            ),
          (t) => t.id,
        );
        // the customer's contact as this operator's role may see it (access/contact.ts)
        return { ...r, rows: r.rows.map((t) => ({ ...t, contact: contactFor(op.role, t.contact) ?? '' })) };
      },
      columns: [
        ['工单号', (t) => t.ticket_no],
        ['卡号', (t) => t.custom_num],
        ['分类', (t) => label<TicketCategory>(TICKET_CATEGORY_LABEL, t.category)],
        ['状态', (t) => label<TicketStatus>(TICKET_STATUS_LABEL, t.status)],
        ['内容摘要', (t) => ticketExcerpt(t.description)],
        ['联系方式', (t) => t.contact],
        ['图片数', (t) => (JSON.parse(t.images) as unknown[]).length],
        ['提交时间', (t) => t.created_at],
        ['更新时间', (t) => t.updated_at],
      ],
    }),
    listExport({
      name: 'adminExportApplications',
      permission: 'agentApplications.manage',
      action: 'agent_applications.export',
      file: ['agent-applications.csv', '代理申请.csv'],
      read: (q, op) =>
        walk(
          (after, limit) => queues.searchApplications(db, agentFilter(op), { status: q.status, afterId: after }, limit),
          (a) => a.id,
        ),
      columns: [
        ['申请编号', (a) => a.application_no],
        ['姓名', (a) => a.name],
        ['手机号', (a) => a.mobile],
        ['省份', (a) => a.province],
        ['城市', (a) => a.city],
        ['渠道', (a) => label<AgentChannel>(AGENT_CHANNEL_LABEL, a.channel)],
        ['说明', (a) => a.notes],
        ['状态', (a) => label<AgentApplicationStatus>(AGENT_APPLICATION_STATUS_LABEL, a.status)],
        ['驳回原因', (a) => a.reject_reason],
        ['提交时间', (a) => a.created_at],
        ['更新时间', (a) => a.updated_at],
      ],
    }),
    listExport({
      name: 'adminExportReplacements',
      permission: 'cards.manage',
      action: 'replacements.export',
      file: ['replacements.csv', '换卡申请.csv'],
      read: (q, op) =>
        walk(
          (after, limit) =>
            queues.searchReplacements(db, agentFilter(op), { status: q.status, card: q.card || undefined, afterId: after }, limit),
          (a) => a.id,
        ),
      // the same fields the list opens for the operators who ship the new card
      columns: [
        ['申请编号', (a) => a.id],
        ['卡号', (a) => a.custom_num],
        ['状态', (a) => label(REPLACEMENT_STATUS_LABEL, a.status)],
        ['收件人', (a) => pd.open(a.receiver_name)],
        ['收件电话', (a) => pd.open(a.receiver_mobile)],
        ['收件地址', (a) => replacementAddress(pd, a)],
        ['换卡原因', (a) => a.reason],
        ['新卡号', (a) => a.new_custom_num],
        ['快递公司', (a) => a.carrier],
        ['快递单号', (a) => a.tracking_no],
        ['驳回原因', (a) => a.reject_reason],
        ['提交时间', (a) => a.created_at],
        ['更新时间', (a) => a.updated_at || a.created_at],
      ],
    }),
    listExport({
      name: 'adminExportRealName',
      permission: 'realname.view',
      action: 'realname.export',
      file: ['real-name.csv', '实名记录.csv'],
      read: (q, op) =>
        walk(
          (after, limit) => queues.searchRealName(db, agentFilter(op), { card: q.card || undefined, afterId: after }, limit),
          (r) => r.card_id,
        ),
      // masked exactly as the list shows them; the full data opens one card at a time, with a reason
      columns: [
        ['卡号', (r) => r.custom_num],
        ['姓名', (r) => maskPersonName(pd.open(r.name))],
        ['证件号', (r) => maskIdNumber(pd.open(r.id_number))],
        ['手机号', (r) => maskMobile(pd.open(r.mobile))],
        ['证件照片', (r) => (r.id_photo_front || r.id_photo_back ? '有' : '无')],
        ['实名状态', (r) => REAL_NAME_STATE_LABEL[realNameStateOf(r.auth_state === 1)]],
        ['更新时间', (r) => r.updated_at],
      ],
    }),
    listExport({
      name: 'adminExportShopOrders',
      permission: 'orders.manage',
      action: 'shop_orders.export',
      file: ['shop-orders.csv', '发货.csv'],
      read: (q, op) =>
        walk(
          (after, limit) => queues.searchShopOrders(db, agentFilter(op), { shipState: q.ship_state, afterId: after }, limit),
          (s) => s.id,
        ),
      columns: [
        ['订单号', (s) => s.order_no],
        ['卡号', (s) => s.custom_num],
        ['商品', (s) => s.product ?? ''],
        ['数量', (s) => s.quantity],
        ['收件人', (s) => s.receiver],
        ['收件电话', (s) => s.mobile],
        ['收件地址', (s) => [s.province, s.city, s.district, s.address].filter(Boolean).join(' ')],
        ['发货状态', (s) => label(SHIP_STATE_LABEL, s.ship_state)],
        ['快递公司', (s) => s.carrier],
        ['快递单号', (s) => s.tracking_no],
        ['支付时间', (s) => s.paid_at ?? ''],
        ['发货时间', (s) => s.shipped_at ?? ''],
      ],
    }),

    // ---------- money ----------
    listExport({
      name: 'adminExportLatePayments',
      permission: 'ledger.view',
      action: 'late_payments.export',
      file: ['late-payments.csv', '异常到账.csv'],
      read: async (_q, op) => ({ rows: await orders.latePayments(db, agentFilter(op)) }),
      columns: [
        ['支付记录', (p) => p.id],
        ['订单号', (p) => p.order_no],
        ['订单状态', (p) => label(ORDER_STATE_LABEL, p.order_state)],
        ['商品', (p) => p.title],
        ['卡号', (p) => p.custom_num],
        ['支付方式', (p) => PAY_CHANNEL_NAME[p.channel as keyof typeof PAY_CHANNEL_NAME] ?? p.channel],
        ['金额(元)', (p) => yuan(p.amount_fen)],
        ['到账时间', (p) => p.created_at],
        ['退回中', (p) => yesNo(p.refund_state === 'pending')],
      ],
    }),
  ];
  for (const serve of LISTS) serve(api, ctx);

  serveAdmin(api, ctx, 'adminExportLedger', 'ledger.view', async (req, reply, op) => {
    const card = await orders.cardByNumber(db, req.query.card);
    assertInScope(op, card?.agent_id);
    const c = card!;
    const { rows, truncated } = await walk(
      (before, limit) => orders.ledgerPage(db, c.id, before, limit),
      (r) => r.id,
    );
    return send(ctx, reply, op, {
      action: 'ledger.export',
      file: [`ledger-${c.custom_num}.csv`, `余额明细-${c.custom_num}.csv`],
      filter: { card: c.custom_num },
      truncated,
      header: ['明细编号', '卡号', '类型', '金额(元)', '变动后余额(元)', '订单号', '说明', '时间'],
      rows: rows.map((r) => [
        r.id,
        c.custom_num,
        label(LEDGER_KIND_LABEL, r.kind),
        yuan(r.amount_fen),
        yuan(r.balance_after_fen),
        r.order_no,
        r.note,
        r.created_at,
      ]),
    });
  });

  // ---------- a bulk job's result per card ----------
  serveAdmin(api, ctx, 'adminExportBulkJobItems', 'cards.manage', async (req, reply, op) => {
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

  await ticketImageRoutes(api, ctx);
}
