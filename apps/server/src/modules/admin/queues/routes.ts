// The console's queues (issue 13): tickets and agent applications. Each change goes through the
// owning module — tickets' addTicketEvent (the card holder sees the step on /suggest), agent
// applications' setApplicationStatus (the applicant sees it on /agent) — with its audit row in
// the same transaction.
import type { FastifyInstance } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { setApplicationStatus } from '../../agentApplications';
import { addTicketEvent } from '../../tickets';
import { serveAdmin } from '../access/guard';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';
import { nextApplicationStatusProblem, ticketExcerpt } from './rules';
import * as repo from './repo';

type TicketRow = NonNullable<Awaited<ReturnType<typeof repo.ticketById>>>;
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof repo.applicationById>>>;

function ticketRowOf(t: TicketRow) {
  return {
    id: t.id,
    ticket_no: t.ticket_no,
    custom_num: t.custom_num,
    category: t.category,
    status: t.status,
    excerpt: ticketExcerpt(t.description),
    contact: t.contact,
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
        ...ticketRowOf(t!),
        description: t!.description,
        order_no: t!.order_no,
        diagnosis: t!.diagnosis,
        image_count: images.length,
      },
      events: await repo.ticketEvents(db, t!.id),
    };
  }

  serveAdmin(api, ctx, 'adminTicketList', 'tickets.manage', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchTickets(
      db,
      agentFilter(op),
      { status: q.status, category: q.category, card: q.card || undefined, order: q.order, afterId: q.after_id },
      q.limit + 1,
    );
    const items = rows.slice(0, q.limit).map(ticketRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serveAdmin(api, ctx, 'adminTicketDetail', 'tickets.manage', async (req, _reply, op) => ticketDetail(op, req.query.id));

  serveAdmin(api, ctx, 'adminTicketReply', 'tickets.manage', async (req, _reply, op) => {
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

  serveAdmin(api, ctx, 'adminApplicationList', 'agentApplications.manage', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchApplications(db, agentFilter(op), { status: q.status, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map(applicationRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serveAdmin(api, ctx, 'adminApplicationDecide', 'agentApplications.manage', async (req, _reply, op) => {
    const b = req.body;
    const before = await repo.applicationById(db, b.id);
    assertInScope(op, before?.agent_id);
    const problem = nextApplicationStatusProblem(before!.status, b.decision);
    if (problem) throw new AppError(Code.BAD_REQUEST, problem);
    const reason = b.decision === 'rejected' ? b.reason : '';
    await db.transaction().execute(async (trx) => {
      await setApplicationStatus(trx, b.id, b.decision, reason, clock.iso());
      await recordAudit(trx, op, {
        action: `agent_application.${b.decision}`,
        target: { type: 'agent_application', id: before!.application_no },
        reason: b.reason,
        before: { status: before!.status },
        after: { status: b.decision, reject_reason: reason },
      });
    });
    return applicationRowOf((await repo.applicationById(db, b.id))!);
  });
}
