import { randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { SHOP_MESSAGE, ShopCode } from '@portal/contract/shopCodes';
import { TICKET_CATEGORY_LABEL, TICKET_STATUS_LABEL, type Ticket, type TicketSummary } from '@portal/contract';
import type { BodyOf } from '@portal/contract/endpoints';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/throttle';
import type { Auth } from '../auth';
import { accessibleCard } from '../cardRecord';
import { cardOwner } from '../cards';
import { recentDiagnoses } from '../diagnosis';
import { assertOwnUpload, isOwner, ownerOf } from '../upload';
import * as repo from './repo';
import { closableByOwner, excerptOf, isTicketStatus, ticketNoOf, timelineOf, wantsDiagnosis } from './rules';

/** A shop, binding or ticket business error: its code, and its own message or the code's (contract shopCodes). */
function shopError(code: ShopCode, message?: string): AppError {
  return new AppError(code, message ?? SHOP_MESSAGE[code]);
}

/** Tickets one holder may file: enough for a bad day, not for flooding the operator. */
export const TICKETS_PER_DAY = { limit: 5, windowMs: 24 * 3600_000 };

/**
 * Whose quota a ticket counts against: the HOLDER — the account, together with the card-number
 * logins of its cards (docs/decisions/0028: each card login had five more a day). A card nobody has bound
 * is its own holder.
 */
async function quotaKey(ctx: AppContext, auth: Auth, cardId: number): Promise<string> {
  if (auth.userId !== 0) return `ticket:holder:user:${auth.userId}`;
  const holder = await cardOwner(ctx.db.kysely, cardId);
  return holder !== null ? `ticket:holder:user:${holder}` : `ticket:holder:card:${auth.customNum}`;
}
const LISTED = 50;

const uploadUrl = (id: string) => `/api/v1/upload/${id}`;

function summaryOf(row: repo.TicketRow): TicketSummary {
  const category = row.category as TicketSummary['category'];
  const status = isTicketStatus(row.status) ? row.status : 'submitted';
  return {
    ticket_no: row.ticket_no,
    category,
    category_label: TICKET_CATEGORY_LABEL[category] ?? row.category,
    status,
    status_label: TICKET_STATUS_LABEL[status],
    custom_num: row.custom_num,
    excerpt: excerptOf(row.description),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function ticketOf(ctx: AppContext, row: repo.TicketRow): Promise<Ticket> {
  const images = JSON.parse(row.images) as string[];
  return {
    ...summaryOf(row),
    order_no: row.order_no,
    description: row.description,
    contact: row.contact,
    images: images.map((id) => ({ id, url: uploadUrl(id) })),
    diagnosis: row.diagnosis ? (JSON.parse(row.diagnosis) as Ticket['diagnosis']) : null,
    timeline: timelineOf(await repo.eventsOf(ctx.db.kysely, row.id)),
  };
}

export async function createTicket(ctx: AppContext, auth: Auth, body: BodyOf<'ticketCreate'>): Promise<Ticket> {
  const card = await accessibleCard(ctx, auth, body.custom_num);
  const orderNo = body.order_no ?? '';
  if (orderNo && !(await repo.isOrderOfCard(ctx.db.kysely, orderNo, card.id)))
    throw new AppError(Code.BAD_REQUEST, '该订单不属于这张卡，请重新选择');
  const images = [...new Set(body.images)];
  for (const id of images) await assertOwnUpload(ctx, auth, id);
  const owner = ownerOf(auth);
  // counted once the ticket is known good: a refused one writes nothing
  const quota = await hit(ctx.db.kysely, await quotaKey(ctx, auth, card.id), TICKETS_PER_DAY);
  if (!quota.allowed) throw new AppError(Code.RATE_LIMITED, '今日提交的投诉建议已较多，请明天再试或联系在线客服');
  const latest = wantsDiagnosis(body.category) ? (await recentDiagnoses(ctx.db.kysely, card.id, 1))[0] : undefined;
  const now = clock.now();
  const at = now.toISOString();
  const ticketNo = ticketNoOf(now, randomInt(0, 100_000_000));
  await ctx.db.kysely.transaction().execute((trx) =>
    repo.insertTicket(trx, {
      ticket_no: ticketNo,
      owner_user_id: owner.userId,
      owner_custom_num: owner.customNum,
      card_id: card.id,
      custom_num: card.custom_num,
      order_no: orderNo,
      category: body.category,
      description: body.description,
      images: JSON.stringify(images),
      contact: body.contact,
      diagnosis: latest ? JSON.stringify({ overall: latest.overall, headline: latest.headline, at: latest.created_at }) : '',
      status: 'submitted',
      created_at: at,
      updated_at: at,
    }),
  );
  return ticketDetail(ctx, auth, ticketNo);
}

export async function listTickets(ctx: AppContext, auth: Auth): Promise<{ list: TicketSummary[] }> {
  const rows = await repo.ticketsOf(ctx.db.kysely, ownerOf(auth), LISTED);
  return { list: rows.map(summaryOf) };
}

/** Someone else's ticket answers exactly like a missing one: guessing numbers learns nothing. */
export async function ticketDetail(ctx: AppContext, auth: Auth, ticketNo: string): Promise<Ticket> {
  const row = await repo.ticketByNo(ctx.db.kysely, ticketNo);
  if (!row || !isOwner(row, auth)) throw new AppError(Code.NOT_FOUND, '工单不存在');
  return ticketOf(ctx, row);
}

/** The owner closes their own ticket (no reopening: a new problem is a new ticket). Someone else's answers like a missing one. */
export async function closeOwnTicket(ctx: AppContext, auth: Auth, ticketNo: string): Promise<Ticket> {
  const row = await repo.ticketByNo(ctx.db.kysely, ticketNo);
  if (!row || !isOwner(row, auth)) throw new AppError(Code.NOT_FOUND, '工单不存在');
  if (!closableByOwner(row.status)) throw shopError(ShopCode.TICKET_NOT_CLOSABLE);
  const closed = await ctx.db.kysely.transaction().execute((trx) => repo.closeTicket(trx, row.id, clock.iso()));
  if (!closed) throw shopError(ShopCode.TICKET_NOT_CLOSABLE);
  return ticketOf(ctx, (await repo.ticketByNo(ctx.db.kysely, ticketNo))!);
}
