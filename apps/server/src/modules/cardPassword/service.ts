// Card login passwords: whether one is set, and setting / resetting it with an SMS code sent to
// the card's mobile (the /forgot page; /forgot?set=true sets a first password). The hash is the
// card record's (modules/cardRecord), the sessions are auth's: both change in one transaction.
import { Code } from '@portal/contract/codes';
import { maskMobile } from '@portal/domain';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Executor } from '../../db/executor';
import { hit, minutesOf } from '../../lib/throttle';
import {
  cardContactMobile,
  cardLoginOf,
  consumeSmsCode,
  KEYS,
  liftCardGuessLimits,
  revokeCardLogins,
  RULES,
  sendSmsCode,
  type Auth,
} from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { CARD_PASSWORD_NEEDED, cardNamed } from '../cards';

/** What a client may learn about a set password: that it exists. */
const PASSWORD_MASK = '******';

async function knownCard(ctx: AppContext, customNum: string) {
  const card = await cardLoginOf(ctx.db.kysely, customNum);
  if (!card) throw new AppError(Code.CARD_NOT_FOUND, '卡号不存在，请核对卡号后重新输入');
  return card;
}

async function contactMobileOrFail(ctx: AppContext, card: { id: number; reserve_mobile: string | null }): Promise<string> {
  const mobile = await cardContactMobile(ctx, card);
  if (!mobile) throw new AppError(Code.CARD_NO_MOBILE);
  return mobile;
}

export async function hasPassword(ctx: AppContext, auth: Auth, customNum: string) {
  await accessibleCard(ctx, auth, customNum);
  const card = await knownCard(ctx, customNum);
  const has = card.password_hash !== null && card.password_hash !== '';
  return { password: has ? PASSWORD_MASK : '', has_password: has, card_login: card.card_login === 1 };
}

/**
 * Before binding (/bind_card): which proof binding asks for (decision 0028: the card password,
 * for every card), so the form asks for it up front. It answers the SAME for an unknown number, a
 * cancelled card and someone else's card — only the caller's own card is named (an ICCID resolved
 * to its number), as binding it again needs nothing. Only for users (a card-number login cannot bind).
 */
export async function bindCheck(ctx: AppContext, auth: Auth, numOrIccid: string) {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能绑定卡片，请使用手机号或账号登录后绑定');
  const card = await cardNamed(ctx, numOrIccid);
  const mine = card ? await cardRecord.isBoundTo(ctx.db.kysely, card.id, auth.userId) : false;
  if (mine) return { custom_num: card!.custom_num, needs_password: false, already_bound: true, proof: 'none' as const, hint: '' };
  return {
    custom_num: numOrIccid,
    needs_password: true,
    already_bound: false,
    proof: 'card_password' as const,
    hint: CARD_PASSWORD_NEEDED,
  };
}

/** No login needed: the code goes to the card's own mobile, and only its masked form comes back. */
export async function sendCardPasswordCode(ctx: AppContext, customNum: string, ip: string) {
  const card = await knownCard(ctx, customNum);
  const mobile = await contactMobileOrFail(ctx, card);
  const sent = await sendSmsCode(ctx, {
    mobile,
    purpose: 'card_password',
    ip,
    signature: card.agent_apply_name,
    card: card.custom_num,
  });
  return { mobile: maskMobile(mobile), cooldown_seconds: sent.cooldown_seconds };
}

export async function resetCardPassword(ctx: AppContext, body: { custom_num: string; code: string; password: string }, ip: string) {
  const byAddress = await hit(ctx.db.kysely, KEYS.resetAddress(ip), RULES.resetAddress);
  if (!byAddress.allowed) throw new AppError(Code.RATE_LIMITED, `操作过于频繁，请${minutesOf(byAddress.retryAfterMs)}分钟后再试`);
  const card = await knownCard(ctx, body.custom_num);
  const mobile = await contactMobileOrFail(ctx, card);
  await consumeSmsCode(ctx, mobile, 'card_password', body.code, card.custom_num);
  const hash = await hashPassword(body.password, ctx.config.passwordHashCost);
  const at = clock.iso();
  // One transaction: nobody keeps a card-number session opened with the old password.
  const revoked = await ctx.db.kysely.transaction().execute(async (trx) => {
    await cardRecord.setPasswordHash(trx, card.id, hash);
    return revokeCardLogins(trx, card.custom_num, at);
  });
  // The holder proved control of the card's mobile: lift the locks and the wait left by wrong
  // guesses from every source — the holder's way past the bound across sources (decision 0058).
  await liftCardGuessLimits(ctx.db.kysely, card.custom_num);
  return { custom_num: card.custom_num, revoked_sessions: revoked };
}

/** The card record's writer for a card password rehashed at a card-number login (modules/auth, wired in modules/index.ts). */
export function saveCardPasswordHash(db: Executor, cardId: number, newHash: string, oldHash: string): Promise<void> {
  return cardRecord.replacePasswordHash(db, cardId, oldHash, newHash);
}
