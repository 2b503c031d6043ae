// The console's queues (docs/decisions/0018): tickets and agent applications (decided in applicationDecision.ts,
// docs/decisions/0076). Each change goes through the
// owning module — tickets' addTicketEvent (the card holder sees the step on /suggest), agent
// applications' setApplicationStatus (the applicant sees it on /agent) — with its audit row in
// the same transaction.
import type { FastifyInstance } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { maskIdNumber, maskMobile, maskPersonName } from '@portal/domain';
import { personalData } from '../../../lib/personalData';
import { replacementAddress } from '../../replacement';
import { markShipped } from '../../commerce';
import { personalInfoOf } from '../../realName';
import { moveApplication } from '../../replacement';
import { addTicketEvent, chatImageId, holderUnread, markHolderRead, replyAsSupport, supportThread } from '../../tickets';
import { sendPrivateImage, uploadRowOf } from '../../upload';
import type { OperatorRole } from '@portal/contract/admin';
import { serve } from '../../../lib/endpoint';
import type { AdminActor } from '../access/actor';
import { contactFor } from '../access/contact';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';
import { decideApplication } from './applicationDecision';
import { replacementMoveProblem, ticketExcerpt } from './rules';
import { queueExports } from './exports';
import * as repo from './repo';
import { ticketImageRoutes } from './ticketImages';

type TicketRow = NonNullable<Awaited<ReturnType<typeof repo.ticketById>>>;
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof repo.applicationById>>>;

/** A ticket for this operator: the contact masked unless their role sees it whole (access/contact.ts). */
function ticketRowOf(t: TicketRow, role: OperatorRole, unread = 0) {
  return {
    id: t.id,
    ticket_no: t.ticket_no,
    custom_num: t.custom_num,
    category: t.category,
    status: t.status,
    excerpt: ticketExcerpt(t.description),
    contact: contactFor(role, t.contact) ?? '',
    unread,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

function applicationRowOf(a: ApplicationRow) {
  return {
    id: a.id,
    application_no: a.application_no,
    agent_id: a.agent_id,
    name: a.name,
    mobile: a.mobile,
    province: a.province,
    city: a.city,
    channel: a.channel,
    notes: a.notes,
    status: a.status,
    reject_reason: a.reject_reason,
    created_at: a.created_at,
    updated_at: a.updated_at,
    created_agent_id: a.created_agent_id,
  };
}

export async function queueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;

  async function ticketDetail(op: AdminActor, id: number) {
    const t = await repo.ticketById(db, id);
    assertInScope(op, t?.agent_id);
    const images = JSON.parse(t!.images) as unknown[];
    return {
      ticket: {
        ...ticketRowOf(t!, op.role, (await holderUnread(ctx, [t!.id])).get(t!.id) ?? 0),
        description: t!.description,
        order_no: t!.order_no,
        diagnosis: t!.diagnosis,
        image_count: images.length,
      },
      events: await repo.ticketEvents(db, t!.id),
    };
  }

  serve(api, 'adminTicketList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchTickets(
      db,
      agentFilter(op),
      { status: q.status, category: q.category, card: q.card || undefined, order: q.order, afterId: q.after_id },
      q.limit + 1,
    );
    const page = rows.slice(0, q.limit);
    const unread = await holderUnread(
      ctx,
      page.filter((t) => t.category === 'chat').map((t) => t.id),
    );
    const items = page.map((t) => ticketRowOf(t, op.role, unread.get(t.id) ?? 0));
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminTicketDetail', async (req, _reply, op) => ticketDetail(op, req.query.id));

  // the customer's contact whole, for one ticket, with a reason (audited)
  serve(api, 'adminTicketContactReveal', async (req, _reply, op) => {
    const t = await repo.ticketById(db, req.body.id);
    assertInScope(op, t?.agent_id);
    await recordAudit(db, op, { action: 'tickets.contact_reveal', target: { type: 'ticket', id: t!.id }, reason: req.body.reason });
    return { id: t!.id, contact: t!.contact };
  });

  serve(api, 'adminTicketReply', async (req, _reply, op) => {
    const b = req.body;
    const before = await repo.ticketById(db, b.id);
    assertInScope(op, before?.agent_id);
    if (before!.status === 'closed' && b.status === 'closed') throw new AppError(Code.BAD_REQUEST, '该工单已关闭');
    if (b.status === 'replied' && !b.content) throw new AppError(Code.BAD_REQUEST, '请填写回复内容');
    await db.transaction().execute(async (trx) => {
      await addTicketEvent(trx, b.id, { status: b.status, content: b.content, author: op.displayName, at: clock.iso() });
      await recordAudit(trx, op, {
        action: 'ticket.reply',
        target: { type: 'ticket', id: before!.ticket_no },
        before: { status: before!.status },
        after: { status: b.status, content: b.content },
      });
    });
    return ticketDetail(op, b.id);
  });

  // 在线咨询 (docs/decisions/0034): the conversation written through the tickets module, which tells
  // the holder's open stream; the same permission and agent scope as the ticket
  serve(api, 'adminChatThread', async (req, _reply, op) => {
    assertInScope(op, (await repo.ticketById(db, req.query.id))?.agent_id);
    return supportThread(ctx, req.query.id);
  });
  serve(api, 'adminChatRead', async (req, _reply, op) => {
    assertInScope(op, (await repo.ticketById(db, req.body.id))?.agent_id);
    return markHolderRead(ctx, req.body.id);
  });
  serve(api, 'adminChatReply', async (req, _reply, op) => {
    const b = req.body;
    const before = await repo.ticketById(db, b.id);
    assertInScope(op, before?.agent_id);
    return replyAsSupport(ctx, b.id, { author: op.displayName, text: b.text, clientId: b.client_id });
  });
  serve(api, 'adminChatImage', async (req, reply, op) => {
    assertInScope(op, (await repo.ticketById(db, req.params.id))?.agent_id);
    const id = await chatImageId(ctx, req.params.id, req.params.message);
    const upload = id ? await uploadRowOf(db, id) : undefined;
    if (!upload) throw new AppError(Code.NOT_FOUND, '图片不存在');
    return sendPrivateImage(reply, upload.mime, personalData(ctx.config).openBytes(Buffer.from(upload.content)));
  });

  serve(api, 'adminApplicationList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchApplications(db, agentFilter(op), { status: q.status, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map(applicationRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminApplicationDecide', async (req, _reply, op) => {
    await decideApplication(ctx, op, req.body);
    return applicationRowOf((await repo.applicationById(db, req.body.id))!);
  });

  const pd = personalData(ctx.config);
  type Replacement = NonNullable<Awaited<ReturnType<typeof repo.replacementById>>>;
  // the shipping address is opened for the operators who ship (cards.manage); name and mobile too
  const replacementOf = (a: Replacement) => ({
    id: a.id,
    custom_num: a.custom_num,
    status: a.status,
    receiver_name: pd.open(a.receiver_name),
    receiver_mobile: pd.open(a.receiver_mobile),
    address: replacementAddress(pd, a),
    reason: a.reason,
    new_custom_num: a.new_custom_num,
    carrier: a.carrier,
    tracking_no: a.tracking_no,
    reject_reason: a.reject_reason,
    created_at: a.created_at,
    updated_at: a.updated_at || a.created_at,
  });

  serve(api, 'adminReplacementList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchReplacements(
      db,
      agentFilter(op),
      { status: q.status, card: q.card || undefined, afterId: q.after_id },
      q.limit + 1,
    );
    const items = rows.slice(0, q.limit).map(replacementOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminReplacementMove', async (req, _reply, op) => {
    const b = req.body;
    const before = await repo.replacementById(db, b.id);
    assertInScope(op, before?.agent_id);
    const problem = replacementMoveProblem(before!.status, b.to);
    if (problem) throw new AppError(Code.BAD_REQUEST, problem);
    const patch =
      b.to === 'shipped'
        ? { carrier: b.carrier, tracking_no: b.tracking_no, ...(b.new_custom_num ? { new_custom_num: b.new_custom_num } : {}) }
        : b.to === 'rejected'
          ? { reject_reason: b.reason }
          : {};
    await db.transaction().execute(async (trx) => {
      if (!(await moveApplication(trx, b.id, before!.status, b.to, patch, clock.iso())))
        throw new AppError(Code.BAD_REQUEST, '该申请已被他人处理，请刷新');
      await recordAudit(trx, op, {
        action: `replacement.${b.to}`,
        target: { type: 'replacement', id: b.id },
        reason: b.reason,
        before: { status: before!.status },
        after: { status: b.to, ...patch },
      });
    });
    return replacementOf((await repo.replacementById(db, b.id))!);
  });

  serve(api, 'adminRealNameList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchRealName(db, agentFilter(op), { card: q.card || undefined, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map((r) => ({
      card_id: r.card_id,
      custom_num: r.custom_num,
      name: maskPersonName(pd.open(r.name)),
      id_number: maskIdNumber(pd.open(r.id_number)),
      mobile: maskMobile(pd.open(r.mobile)),
      has_photos: Boolean(r.id_photo_front || r.id_photo_back),
      auth_state: r.auth_state === 1,
      updated_at: r.updated_at,
    }));
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.card_id : null };
  });

  serve(api, 'adminRealNameReveal', async (req, reply, op) => {
    const b = req.body;
    const card = await repo.cardOfId(db, b.card_id);
    assertInScope(op, card?.agent_id);
    const info = await personalInfoOf(db, pd, b.card_id);
    if (!info) throw new AppError(Code.NOT_FOUND, '该卡没有实名记录');
    // on record before it is shown: who opened whose identity, and why (never the data itself)
    await recordAudit(db, op, { action: 'realname.reveal', target: { type: 'card', id: card!.custom_num }, reason: b.reason });
    void reply.header('cache-control', 'no-store');
    return { custom_num: card!.custom_num, name: info.name, id_number: info.id_number, mobile: info.mobile };
  });

  type Shop = NonNullable<Awaited<ReturnType<typeof repo.shopOrderByNo>>>;
  const shopRowOf = (r: Shop) => ({
    id: r.id,
    order_no: r.order_no,
    custom_num: r.custom_num,
    product: r.product ?? '',
    quantity: r.quantity,
    receiver: r.receiver,
    mobile: r.mobile,
    address: [r.province, r.city, r.district, r.address].filter(Boolean).join(' '),
    ship_state: r.ship_state,
    carrier: r.carrier,
    tracking_no: r.tracking_no,
    paid_at: r.paid_at,
    shipped_at: r.shipped_at,
  });

  serve(api, 'adminShopOrderList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchShopOrders(db, agentFilter(op), { shipState: q.ship_state, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map(shopRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminShopOrderShip', async (req, _reply, op) => {
    const b = req.body;
    // the shop's own shipping step (it refuses an unpaid or already shipped order, and its update
    // is conditional on the state it read) and the audit row, in one transaction: both or neither
    await db.transaction().execute(async (trx) => {
      const before = await repo.shopOrderByNo(trx, b.order_no);
      assertInScope(op, before?.agent_id);
      await markShipped(ctx, b.order_no, { carrier: b.carrier, tracking_no: b.tracking_no }, trx);
      await recordAudit(trx, op, {
        action: 'shop_order.shipped',
        target: { type: 'shop_order', id: b.order_no },
        before: { ship_state: before!.ship_state },
        after: { ship_state: 'shipped', carrier: b.carrier, tracking_no: b.tracking_no },
      });
    });
    return shopRowOf((await repo.shopOrderByNo(db, b.order_no))!);
  });
  queueExports(api, ctx);
  await ticketImageRoutes(api, ctx);
}
