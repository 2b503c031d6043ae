// "Export any list to CSV" (docs/decisions/0018): the exports of the lists whose areas do not
// declare them yet (agents, operators, the queues, money), on the shared helpers of csvExport.ts.
// The catalogue's exports live in catalogue/exports.ts and a bulk job's in cards/exports.ts.
// Personal data leaves only as the list shows it: real-name records masked, operators without
// password hashes or second-factor secrets.
import type { FastifyInstance } from 'fastify';
import {
  OPERATOR_STATE_LABEL,
  REAL_NAME_STATE_LABEL,
  REPLACEMENT_STATUS_LABEL,
  TOTP_STATE_LABEL,
  operatorStateOf,
  realNameStateOf,
  totpStateOf,
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
import { contactFor } from '../access/contact';
import { serve } from '../../../lib/endpoint';
import { agentFilter, assertInScope } from '../access/scope';
import { listAgents } from '../agents/service';
import { listOperators } from '../operators/service';
import * as orders from '../orders/repo';
import * as queues from '../queues/repo';
import { ticketExcerpt } from '../queues/rules';
import { label, listExport, send, walk, yesNo, yuan } from './csvExport';
import { ticketImageRoutes } from './ticketImages';

export async function exportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const pd = personalData(ctx.config);

  const LISTS = [
    // ---------- agents and operators ----------
    listExport({
      name: 'adminExportAgents',
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

  serve(api, 'adminExportLedger', async (req, reply, op) => {
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

  await ticketImageRoutes(api, ctx);
}
