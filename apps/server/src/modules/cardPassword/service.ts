// Card login passwords: whether one is set, and setting / resetting it with an SMS code sent to
// the card's mobile (the /forgot page; /forgot?set=true sets a first password).
import { Code } from '@portal/contract/codes';
import { maskMobile } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Auth } from '../../lib/auth';
import { accessibleCard } from '../../lib/cardAccess';
import { clock } from '../../lib/clock';
import { AppError, fail } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { clear, hit, minutesOf } from '../../lib/throttle';
import { KEYS, RULES } from '../auth/limits';
import { consumeSmsCode, sendSmsCode } from '../auth/smsCode';
import * as repo from './repo';

/** What a client may learn about a set password: that it exists. */
const PASSWORD_MASK = '******';

/**
 * The mobile that receives the card's password codes: the mobile of the user the card is bound
 * to, else the reserve mobile recorded with the card; null when there is neither.
 */
export async function cardContactMobile(ctx: AppContext, card: { id: number; reserve_mobile: string | null }): Promise<string | null> {
  return (await repo.boundUserMobile(ctx.db, card.id)) || card.reserve_mobile || null;
}

async function knownCard(ctx: AppContext, customNum: string) {
  const card = await repo.cardByNum(ctx.db, customNum);
  if (!card) throw fail.cardNotFound();
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

/** No login needed: the code goes to the card's own mobile, and only its masked form comes back. */
export async function sendCardPasswordCode(ctx: AppContext, customNum: string, ip: string) {
  const card = await knownCard(ctx, customNum);
  const mobile = await contactMobileOrFail(ctx, card);
  const sent = await sendSmsCode(ctx, {
    mobile,
    purpose: 'card_password',
    ip,
    signature: card.agent_apply_name,
    cardTail: customNum.slice(-4),
  });
  return { mobile: maskMobile(mobile), cooldown_seconds: sent.cooldown_seconds };
}

export async function resetCardPassword(ctx: AppContext, body: { custom_num: string; code: string; password: string }, ip: string) {
  const byAddress = await hit(ctx.db, KEYS.resetAddress(ip), RULES.resetAddress);
  if (!byAddress.allowed) throw fail.rateLimited(`操作过于频繁，请${minutesOf(byAddress.retryAfterMs)}分钟后再试`);
  const card = await knownCard(ctx, body.custom_num);
  const mobile = await contactMobileOrFail(ctx, card);
  await consumeSmsCode(ctx, mobile, 'card_password', body.code);
  const revoked = await repo.setCardPasswordAndRevokeCardLogins(ctx.db, card, await hashPassword(body.password), clock.iso());
  // The holder proved control of the card's mobile: lift a lock left by wrong guesses.
  await clear(ctx.db, KEYS.cardFailures(card.custom_num));
  return { custom_num: card.custom_num, revoked_sessions: revoked };
}
