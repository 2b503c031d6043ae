// Actions on one card from its story (docs/decisions/0042-console-sees-as-holder.md): suspend and
// resume, set series, resend the real-name link, open a ticket for the holder, and the read-only
// "as the holder sees it" view of the portal's home. Each is by role (the endpoint's permission),
// with a reason, for a card in the operator's scope (another agent's card is "not found"), and
// audited in the transaction of its change. Suspend, resume and set series are the bulk jobs'
// own rules and changes (bulkRules.ts: refusal, changeOf) for one card, asked of the carrier first.
import { randomInt } from 'node:crypto';
import { maskMobile } from '@portal/domain';
import type { AdminAnswerOf, AdminBodyOf } from '@portal/contract/admin';
import { CardState } from '@portal/contract/enums';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { cardRecord } from '../../cardRecord';
import { cardInfo, clew } from '../../cards';
import { lineAnswer, lineOf } from '../../line';
import { insertTicket, ticketNoOf } from '../../tickets';
import type { AdminActor } from '../access/actor';
import { inScope } from '../access/scope';
import { recordAudit } from '../audit';
import { parentsOfAgents } from './bulkJobRepo';
import { changeOf, refusal, seriesFits } from './bulkRules';
import { cardIdOf } from './service';
import * as storyRepo from './storyRepo';

type Answer = AdminAnswerOf<'adminCardSetState'>;
const bad = (message: string): never => {
  throw new AppError(Code.BAD_REQUEST, message);
};

/** The card an action names, in the operator's scope (else "not found"). */
async function cardFor(ctx: AppContext, op: AdminActor, customNum: string) {
  const id = await cardIdOf(ctx.db.kysely, op, customNum);
  const card = (await cardRecord.cardById(ctx.db.kysely, id))!;
  // an action names the card by its card number (the story's), never by another identifier
  if (card.custom_num !== customNum) throw new AppError(Code.NOT_FOUND, '卡片不存在');
  return card;
}

export async function setState(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardSetState'>): Promise<Answer> {
  const card = await cardFor(ctx, op, body.card);
  const why = refusal(body.action, card, {});
  if (why) bad(why);
  try {
    if (body.action === 'suspend') await ctx.carrier.suspend(card.custom_num);
    else await ctx.carrier.resume(card.custom_num);
  } catch {
    // nothing written: the operator may try again (the key of a refused write is given back, decision 0041)
    throw new AppError(Code.BAD_REQUEST, '运营商接口调用失败，请稍后重试');
  }
  const c = changeOf(body.action, card, {}, new Map());
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await cardRecord.applyBulkChange(trx, card.id, c.set!);
    await recordAudit(trx, op, {
      action: c.action,
      target: { type: 'card', id: card.custom_num },
      reason: body.reason,
      before: c.before,
      after: c.after,
    });
  });
  return { custom_num: card.custom_num, message: body.action === 'suspend' ? '已停机' : '已复机' };
}

export async function setSeries(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardSetSeries'>): Promise<Answer> {
  const db = ctx.db.kysely;
  const card = await cardFor(ctx, op, body.card);
  const series = await storyRepo.seriesById(db, body.series_id);
  // another agent's series is as unknown to an agent administrator as a missing one
  if (!series || !inScope(op, series.agent_id)) bad('套餐系列不存在');
  if (!seriesFits(series!.agent_id, card.agent_id, await parentsOfAgents(db))) bad('套餐系列不属于该卡的代理');
  const why = refusal('set_series', card, { seriesId: series!.id });
  if (why) bad(why);
  const c = changeOf('set_series', card, { seriesId: series!.id }, new Map());
  await db.transaction().execute(async (trx) => {
    await cardRecord.applyBulkChange(trx, card.id, c.set!);
    await recordAudit(trx, op, {
      action: c.action,
      target: { type: 'card', id: card.custom_num },
      reason: body.reason,
      before: c.before,
      after: { ...c.after, series_name: series!.name },
    });
  });
  return { custom_num: card.custom_num, message: `套餐系列已设为「${series!.name}」` };
}

/** Where the holder gets an SMS: the bound user's mobile, else the card's reserve mobile. */
async function holderMobile(ctx: AppContext, cardId: number, reserve: string | null): Promise<string | null> {
  const bound = await storyRepo.binding(ctx.db.kysely, cardId);
  return bound?.mobile || reserve || null;
}

/**
 * The real-name link again: an SMS with the portal's real-name page, not the carrier's link — a
 * carrier link expires within minutes and is single-use, so the page fetches a fresh one when the
 * holder opens it (ARCHITECTURE "Carrier real-name links expire").
 */
export async function remindRealName(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardRealNameRemind'>): Promise<Answer> {
  const card = await cardFor(ctx, op, body.card);
  if (card.state === CardState.Cancelled) bad('该卡已销户，无需实名');
  if (card.auth_state === 1) bad('该卡已实名，无需发送');
  const mobile = await holderMobile(ctx, card.id, card.reserve_mobile);
  if (!mobile) bad('该卡未绑定手机号，也没有预留手机号，无法发送');
  const tail = card.custom_num.slice(-4);
  const page = ctx.config.payPublicUrl ? `${ctx.config.payPublicUrl}/remind` : '门户「实名认证」';
  const title = '尚未完成实名认证';
  await ctx.sms.send(mobile!, `您的卡（尾号${tail}）${title}，请登录后打开 ${page} 完成认证。`, {
    kind: 'notice',
    params: { card: tail, title },
  });
  const sentTo = maskMobile(mobile!);
  await recordAudit(ctx.db.kysely, op, {
    action: 'card.real_name_reminded',
    target: { type: 'card', id: card.custom_num },
    reason: body.reason,
    after: { sent_to: sentTo },
  });
  return { custom_num: card.custom_num, message: `实名认证链接已发送至 ${sentTo}` };
}

/** A ticket for what the holder said on the phone: theirs (they see it under 投诉建议), opened by support. */
export async function openTicket(
  ctx: AppContext,
  op: AdminActor,
  body: AdminBodyOf<'adminCardTicketOpen'>,
): Promise<AdminAnswerOf<'adminCardTicketOpen'>> {
  const card = await cardFor(ctx, op, body.card);
  const bound = await storyRepo.binding(ctx.db.kysely, card.id);
  const now = clock.now();
  const at = now.toISOString();
  const ticketNo = ticketNoOf(now, randomInt(0, 100_000_000));
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const ticketId = await insertTicket(trx, {
      ticket_no: ticketNo,
      // the holder's own, as if filed on /suggest: the bound user, else the card's login
      owner_user_id: bound?.user_id ?? 0,
      owner_custom_num: bound ? '' : card.custom_num,
      card_id: card.id,
      custom_num: card.custom_num,
      order_no: '',
      category: body.category,
      description: body.description,
      images: '[]',
      contact: bound?.mobile ?? card.reserve_mobile ?? '',
      diagnosis: '',
      status: 'submitted',
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, op, {
      action: 'card.ticket_opened',
      target: { type: 'card', id: card.custom_num },
      reason: body.reason,
      after: { ticket_no: ticketNo, category: body.category },
    });
    return ticketId;
  });
  return { custom_num: card.custom_num, message: `已登记工单 ${ticketNo}`, ticket_id: id, ticket_no: ticketNo };
}

/**
 * The portal's home for this card as its holder sees it: the same server code answers the same
 * three reads (card info, the hint, the line) for an identity that exists only inside this call —
 * the bound user's, else the card's own login — so no session is made that anything could act
 * with (no token, no row in sessions). Audited: it shows the holder's figures.
 */
export async function holderView(ctx: AppContext, op: AdminActor, identifier: string): Promise<AdminAnswerOf<'adminCardHolderView'>> {
  const db = ctx.db.kysely;
  const id = await cardIdOf(db, op, identifier);
  const card = (await cardRecord.cardById(db, id))!;
  const bound = await storyRepo.binding(db, id);
  const mark = (await storyRepo.agentMark(db, card.agent_id)) ?? '';
  const auth: Auth = bound
    ? { sessionId: 0, userId: bound.user_id, customNum: '', loginModel: 'mobile', mark }
    : { sessionId: 0, userId: 0, customNum: card.custom_num, loginModel: 'customNum', mark };
  const [info, hint] = [await cardInfo(ctx, auth, card.custom_num), await clew(ctx, auth, card.custom_num)];
  const line = lineAnswer(card.custom_num, await lineOf(db, (await cardRecord.cardById(db, id))!));
  await recordAudit(db, op, {
    action: 'card.holder_viewed',
    target: { type: 'card', id: card.custom_num },
    after: { as: bound ? 'user' : 'card' },
  });
  return {
    as: bound ? 'user' : 'card',
    mobile: bound?.mobile ? maskMobile(bound.mobile) : '',
    card_info: info,
    clew: hint,
    line,
    viewed_at: clock.iso(),
  };
}
