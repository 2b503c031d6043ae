// "Export any list to CSV" (issue 13): every console list that had no export gets one here. Each
// reads through the list's own function (the same filters, the same agent scope — an agent
// administrator's file holds only their agent's rows), walks the whole filtered set page by page up
// to EXPORT_MAX_ROWS, writes an `<list>.export` audit row (who, which filter, how many rows) and
// answers the file. Personal data leaves only as the list shows it: real-name records masked,
// operators without password hashes or second-factor secrets.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS, PACKAGE_TYPE_NAME, BULK_KIND_LABEL, BULK_STATUS_LABEL } from '@portal/contract/admin';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
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
import type { AdminActor } from '../access/actor';
import { serveAdmin } from '../access/guard';
import { agentFilter, assertInScope } from '../access/scope';
import { attachment, recordAudit, toCsv } from '../audit';
import { listAgents } from '../agents/service';
import { jobDetail } from '../cards/bulkJobs';
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

const REPLACEMENT_STATUS: Record<string, string> = { submitted: '待处理', shipped: '已发货', done: '已完成', rejected: '已驳回' };
const SHIP_STATE: Record<string, string> = { awaiting: '待发货', shipped: '已发货', received: '已签收' };
const ORDER_STATE: Record<string, string> = {
  pending: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  failed: '失败',
  refunded: '已退款',
};
const LEDGER_KIND: Record<string, string> = { recharge: '充值', bonus: '赠送', purchase: '消费', refund: '退款', adjust: '手工调整' };

interface Export {
  /** the audit action, `<list>.export` */
  action: string;
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

export async function exportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const pd = personalData(ctx.config);

  // ---------- catalogue: small, unpaged lists (their list functions answer them whole) ----------
  serveAdmin(api, ctx, 'adminExportSeries', 'prices.view', async (req, reply, op) => {
    const { items } = await listSeries(ctx, op, req.query);
    return send(ctx, reply, op, {
      action: 'series.export',
      file: ['series.csv', '套餐系列.csv'],
      filter: req.query,
      header: ['编号', '代理', '系列名称', '说明', '排序', '套餐数'],
      rows: items.map((s) => [s.id, s.agent_name, s.name, s.description, s.sort, s.package_count]),
    });
  });

  serveAdmin(api, ctx, 'adminExportPackages', 'prices.view', async (req, reply, op) => {
    const { items } = await listPackages(ctx, op, req.query);
    return send(ctx, reply, op, {
      action: 'packages.export',
      file: ['packages.csv', '套餐.csv'],
      filter: req.query,
      header: [
        '编号',
        '代理',
        '系列',
        '套餐名称',
        '类型',
        '周期',
        '流量(MB)',
        '零售价(元)',
        '划线价(元)',
        '可用券',
        '推荐',
        '在售',
        '排序',
        '说明',
      ],
      rows: items.map((p) => [
        p.id,
        p.agent_name,
        p.series_name,
        p.name,
        PACKAGE_TYPE_NAME[p.package_type] ?? p.package_type,
        `${p.period_count}${p.period === 1 ? '天' : '个月'}`,
        p.flow_mb,
        yuan(p.retail_fen),
        yuan(p.original_price_fen),
        yesNo(p.voucher_allowed),
        yesNo(p.recommended),
        yesNo(p.on_sale),
        p.sort,
        p.description,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportPrices', 'prices.view', async (req, reply, op) => {
    const { items } = await listPackages(ctx, op, req.query);
    return send(ctx, reply, op, {
      action: 'prices.export',
      file: ['prices.csv', '代理价格.csv'],
      filter: req.query,
      header: ['代理', '系列', '套餐编号', '套餐名称', '成本价(元)', '零售价(元)', '毛利(元)', '毛利率(%)', '在售'],
      rows: items.map((p) => [
        p.agent_name,
        p.series_name,
        p.id,
        p.name,
        yuan(p.cost_fen),
        yuan(p.retail_fen),
        yuan(p.margin_fen),
        p.margin_pct ?? '',
        yesNo(p.on_sale),
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportCouponPackages', 'prices.view', async (_req, reply, op) => {
    const { items } = await listCouponPackages(ctx, op);
    return send(ctx, reply, op, {
      action: 'coupon_packages.export',
      file: ['coupon-packages.csv', '优惠券包.csv'],
      filter: {},
      header: ['编号', '代理', '券包名称', '售价(元)', '券', '在售', '说明'],
      rows: items.map((c) => [
        c.id,
        c.agent_name,
        c.name,
        yuan(c.price_fen),
        c.vouchers.map((v) => `${yuan(v.amount_fen)}元(满${yuan(v.min_spend_fen)}元,${v.valid_days}天)`).join('；'),
        yesNo(c.on_sale),
        c.description,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportRechargeOffers', 'prices.view', async (_req, reply, op) => {
    const { items } = await listOffers(ctx, op);
    return send(ctx, reply, op, {
      action: 'recharge_offers.export',
      file: ['recharge-offers.csv', '首充优惠.csv'],
      filter: {},
      header: ['代理', '首充优惠', '充值金额(元)', '赠送金额(元)', '标题', '说明'],
      rows: items.map((o) => [
        o.agent_name,
        o.offer ? '有' : '无',
        o.offer ? yuan(o.offer.amount_fen) : '',
        o.offer ? yuan(o.offer.bonus_fen) : '',
        o.offer?.title ?? '',
        o.offer?.description ?? '',
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportVoucherBatches', 'vouchers.issue', async (_req, reply, op) => {
    // newest first, keyset on the batch id like the list
    const { rows, truncated } = await walkPages(
      async (before, limit) => (await listBatches(ctx, op, { before_id: before, limit })).items,
      (b) => b.id,
      EXPORT_MAX_ROWS,
      200,
    );
    return send(ctx, reply, op, {
      action: 'voucher_batches.export',
      file: ['voucher-batches.csv', '优惠券发放记录.csv'],
      filter: {},
      truncated,
      header: ['批次', '券名称', '面额(元)', '门槛(元)', '有效天数', '发放对象', '卡数', '原因', '操作员', '发放时间'],
      rows: rows.map((b) => [
        b.id,
        b.name,
        yuan(b.amount_fen),
        yuan(b.min_spend_fen),
        b.valid_days,
        b.target,
        b.card_count,
        b.reason,
        b.operator_username,
        b.created_at,
      ]),
    });
  });

  // ---------- agents and operators ----------
  serveAdmin(api, ctx, 'adminExportAgents', 'agents.view', async (_req, reply, op) => {
    const { items } = await listAgents(ctx, op);
    return send(ctx, reply, op, {
      action: 'agents.export',
      file: ['agents.csv', '代理商.csv'],
      filter: {},
      header: ['编号', '代理标识', '名称', '申请人', '卡数', '创建时间'],
      rows: items.map((a) => [a.id, a.mark, a.nickname, a.apply_name, a.card_count, a.created_at]),
    });
  });

  serveAdmin(api, ctx, 'adminExportOperators', 'operators.manage', async (_req, reply, op) => {
    // the list's own rows: they carry no password hash and no second-factor secret
    const { items } = await listOperators(ctx);
    return send(ctx, reply, op, {
      action: 'operators.export',
      file: ['operators.csv', '操作员.csv'],
      filter: {},
      header: ['编号', '用户名', '姓名', '角色', '代理商', '状态', '锁定至', '两步验证', '最近登录', '创建时间'],
      rows: items.map((o) => [
        o.id,
        o.username,
        o.display_name,
        o.role_label,
        o.agent?.name ?? '',
        o.disabled ? '已停用' : '正常',
        o.locked_until ?? '',
        o.totp_enabled ? '已开启' : '未开启',
        o.last_login_at ?? '',
        o.created_at,
      ]),
    });
  });

  // ---------- queues: keyset-walked like their lists ----------
  serveAdmin(api, ctx, 'adminExportTickets', 'tickets.manage', async (req, reply, op) => {
    const q = req.query;
    const { rows, truncated } = await walkPages(
      (after, limit) =>
        queues.searchTickets(
          db,
          agentFilter(op),
          { status: q.status, category: q.category, card: q.card || undefined, order: q.order, afterId: after },
          limit,
        ),
      (t) => t.id,
      EXPORT_MAX_ROWS,
    );
    return send(ctx, reply, op, {
      action: 'tickets.export',
      file: ['tickets.csv', '工单.csv'],
      filter: q,
      truncated,
      header: ['工单号', '卡号', '分类', '状态', '内容摘要', '联系方式', '图片数', '提交时间', '更新时间'],
      rows: rows.map((t) => [
        t.ticket_no,
        t.custom_num,
        label<TicketCategory>(TICKET_CATEGORY_LABEL, t.category),
        label<TicketStatus>(TICKET_STATUS_LABEL, t.status),
        ticketExcerpt(t.description),
        t.contact,
        (JSON.parse(t.images) as unknown[]).length,
        t.created_at,
        t.updated_at,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportApplications', 'agentApplications.manage', async (req, reply, op) => {
    const q = req.query;
    const { rows, truncated } = await walkPages(
      (after, limit) => queues.searchApplications(db, agentFilter(op), { status: q.status, afterId: after }, limit),
      (a) => a.id,
      EXPORT_MAX_ROWS,
    );
    return send(ctx, reply, op, {
      action: 'agent_applications.export',
      file: ['agent-applications.csv', '代理申请.csv'],
      filter: q,
      truncated,
      header: ['申请编号', '姓名', '手机号', '省份', '城市', '渠道', '说明', '状态', '驳回原因', '提交时间', '更新时间'],
      rows: rows.map((a) => [
        a.application_no,
        a.name,
        a.mobile,
        a.province,
        a.city,
        label<AgentChannel>(AGENT_CHANNEL_LABEL, a.channel),
        a.notes,
        label<AgentApplicationStatus>(AGENT_APPLICATION_STATUS_LABEL, a.status),
        a.reject_reason,
        a.created_at,
        a.updated_at,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportReplacements', 'cards.manage', async (req, reply, op) => {
    const q = req.query;
    const { rows, truncated } = await walkPages(
      (after, limit) =>
        queues.searchReplacements(db, agentFilter(op), { status: q.status, card: q.card || undefined, afterId: after }, limit),
      (a) => a.id,
      EXPORT_MAX_ROWS,
    );
    // the same fields the list opens for the operators who ship the new card
    return send(ctx, reply, op, {
      action: 'replacements.export',
      file: ['replacements.csv', '换卡申请.csv'],
      filter: q,
      truncated,
      header: [
        '申请编号',
        '卡号',
        '状态',
        '收件人',
        '收件电话',
        '收件地址',
        '换卡原因',
        '新卡号',
        '快递公司',
        '快递单号',
        '驳回原因',
        '提交时间',
        '更新时间',
      ],
      rows: rows.map((a) => [
        a.id,
        a.custom_num,
        REPLACEMENT_STATUS[a.status] ?? a.status,
        pd.open(a.receiver_name),
        pd.open(a.receiver_mobile),
        [a.province && pd.open(a.province), a.city && pd.open(a.city), pd.open(a.address)].filter(Boolean).join(' '),
        a.reason,
        a.new_custom_num,
        a.carrier,
        a.tracking_no,
        a.reject_reason,
        a.created_at,
        a.updated_at || a.created_at,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportRealName', 'realname.view', async (req, reply, op) => {
    const q = req.query;
    const { rows, truncated } = await walkPages(
      (after, limit) => queues.searchRealName(db, agentFilter(op), { card: q.card || undefined, afterId: after }, limit),
      (r) => r.card_id,
      EXPORT_MAX_ROWS,
    );
    // masked exactly as the list shows them; the full data opens one card at a time, with a reason
    return send(ctx, reply, op, {
      action: 'realname.export',
      file: ['real-name.csv', '实名记录.csv'],
      filter: q,
      truncated,
      header: ['卡号', '姓名', '证件号', '手机号', '证件照片', '实名状态', '更新时间'],
      rows: rows.map((r) => [
        r.custom_num,
        maskPersonName(pd.open(r.name)),
        maskIdNumber(pd.open(r.id_number)),
        maskMobile(pd.open(r.mobile)),
        r.id_photo_front || r.id_photo_back ? '有' : '无',
        r.auth_state === 1 ? '已实名' : '未通过',
        r.updated_at,
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportShopOrders', 'orders.manage', async (req, reply, op) => {
    const q = req.query;
    const { rows, truncated } = await walkPages(
      (after, limit) => queues.searchShopOrders(db, agentFilter(op), { shipState: q.ship_state, afterId: after }, limit),
      (s) => s.id,
      EXPORT_MAX_ROWS,
    );
    return send(ctx, reply, op, {
      action: 'shop_orders.export',
      file: ['shop-orders.csv', '发货.csv'],
      filter: q,
      truncated,
      header: [
        '订单号',
        '卡号',
        '商品',
        '数量',
        '收件人',
        '收件电话',
        '收件地址',
        '发货状态',
        '快递公司',
        '快递单号',
        '支付时间',
        '发货时间',
      ],
      rows: rows.map((s) => [
        s.order_no,
        s.custom_num,
        s.product ?? '',
        s.quantity,
        s.receiver,
        s.mobile,
        [s.province, s.city, s.district, s.address].filter(Boolean).join(' '),
        SHIP_STATE[s.ship_state] ?? s.ship_state,
        s.carrier,
        s.tracking_no,
        s.paid_at ?? '',
        s.shipped_at ?? '',
      ]),
    });
  });

  // ---------- money ----------
  serveAdmin(api, ctx, 'adminExportLatePayments', 'ledger.view', async (_req, reply, op) => {
    const rows = await orders.latePayments(db, agentFilter(op));
    return send(ctx, reply, op, {
      action: 'late_payments.export',
      file: ['late-payments.csv', '异常到账.csv'],
      filter: {},
      header: ['支付记录', '订单号', '订单状态', '商品', '卡号', '支付方式', '金额(元)', '到账时间', '退回中'],
      rows: rows.map((p) => [
        p.id,
        p.order_no,
        ORDER_STATE[p.order_state] ?? p.order_state,
        p.title,
        p.custom_num,
        PAY_CHANNEL_NAME[p.channel as keyof typeof PAY_CHANNEL_NAME] ?? p.channel,
        yuan(p.amount_fen),
        p.created_at,
        yesNo(p.refund_state === 'pending'),
      ]),
    });
  });

  serveAdmin(api, ctx, 'adminExportLedger', 'ledger.view', async (req, reply, op) => {
    const card = await orders.cardByNumber(db, req.query.card);
    assertInScope(op, card?.agent_id);
    const c = card!;
    const { rows, truncated } = await walkPages(
      (before, limit) => orders.ledgerPage(db, c.id, before, limit),
      (r) => r.id,
      EXPORT_MAX_ROWS,
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
        LEDGER_KIND[r.kind] ?? r.kind,
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
    const { job, items } = await jobDetail(db, op, req.query.id);
    const rows = items.slice(0, EXPORT_MAX_ROWS);
    return send(ctx, reply, op, {
      action: 'bulk_job.export',
      file: [`bulk-job-${job.id}.csv`, `批量任务-${job.id}.csv`],
      filter: { id: job.id },
      truncated: items.length > rows.length,
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
