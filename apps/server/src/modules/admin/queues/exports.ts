// The queues' CSV exports (docs/decisions/0018): tickets, agent applications, replacements,
// real-name records and device shipments, keyset-walked like their lists, in the operator's agent
// scope. Personal data leaves only as the list shows it: a ticket's contact as the operator's role
// may see it, real-name records masked; a replacement's receiver whole, as the list opens it for
// the operators who ship the new card.
import type { FastifyInstance } from 'fastify';
import { REAL_NAME_STATE_LABEL, REPLACEMENT_STATUS_LABEL, realNameStateOf } from '@portal/contract/admin';
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
import { agentFilter } from '../access/scope';
import { label, listExport, walk } from '../exports/csvExport';
import * as repo from './repo';
import { ticketExcerpt } from './rules';

export function queueExports(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const pd = personalData(ctx.config);

  const LISTS = [
    listExport({
      name: 'adminExportTickets',
      action: 'tickets.export',
      file: ['tickets.csv', '工单.csv'],
      read: async (q, op) => {
        const r = await walk(
          (after, limit) =>
            repo.searchTickets(
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
          (after, limit) => repo.searchApplications(db, agentFilter(op), { status: q.status, afterId: after }, limit),
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
            repo.searchReplacements(db, agentFilter(op), { status: q.status, card: q.card || undefined, afterId: after }, limit),
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
          (after, limit) => repo.searchRealName(db, agentFilter(op), { card: q.card || undefined, afterId: after }, limit),
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
          (after, limit) => repo.searchShopOrders(db, agentFilter(op), { shipState: q.ship_state, afterId: after }, limit),
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
  ];
  for (const serve of LISTS) serve(api, ctx);
}
