// Card login passwords: whether one is set, and setting / resetting it with an SMS code sent to
// the card's mobile (the /forgot page; /forgot?set=true sets a first password). The hash is the
// card record's (modules/cardRecord), the sessions are auth's: both change in one transaction.
import { CardState } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { maskMobile } from '@portal/domain';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Executor } from '../../db/executor';
import { clear, hit, minutesOf } from '../../lib/throttle';
import { cardContactMobile, cardLoginOf, consumeSmsCode, KEYS, revokeCardLogins, RULES, sendSmsCode, type Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';

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

/** ICCIDs are 19 or 20 digits; card numbers are shorter in practice, but a 19-20 digit card
 *  number still wins over an ICCID that happens to be the same digits. */
const ICCID_LENGTH = /^\d{19,20}$/;

/**
 * Before binding (/bind_card): the card a typed or scanned number names (its card number, or the
 * ICCID printed on its holder) and whether binding will ask for its card password, so the form
 * asks for the password exactly when the bind will. Only for users (a card-number login cannot
 * bind); it tells no more than a bind attempt would.
 */
export async function bindCheck(ctx: AppContext, auth: Auth, numOrIccid: string) {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能绑定卡片，请使用手机号或账号登录后绑定');
  const db = ctx.db.kysely;
  const card =
    (await cardRecord.cardByNum(db, numOrIccid)) ??
    (ICCID_LENGTH.test(numOrIccid) ? await cardRecord.cardByIccid(db, numOrIccid) : undefined);
  if (!card) throw new AppError(Code.CARD_NOT_FOUND, '卡号不存在，请核对卡号后重新输入');
  if (card.state === CardState.Cancelled) throw new AppError(Code.BAD_REQUEST, '该卡已销户，无法绑定，如有疑问请联系客服');
  const mine = await cardRecord.isBoundTo(db, card.id, auth.userId);
  return { custom_num: card.custom_num, needs_password: !mine && Boolean(card.password_hash), already_bound: mine };
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
  // The holder proved control of the card's mobile: lift a lock left by wrong guesses.
  await clear(ctx.db.kysely, KEYS.cardFailures(card.custom_num));
  return { custom_num: card.custom_num, revoked_sessions: revoked };
}

/** The card record's writer for a card password rehashed at a card-number login (modules/auth, wired in modules/index.ts). */
export function saveCardPasswordHash(db: Executor, cardId: number, newHash: string, oldHash: string): Promise<void> {
  return cardRecord.replacePasswordHash(db, cardId, oldHash, newHash);
}
