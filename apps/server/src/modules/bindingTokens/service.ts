// Binding a card by the QR code on a device's box (docs/decisions/0020). The operator issues one
// token per card (issueTokens, from the CLI `npm run binding-tokens`); the box carries
// /qr_code_login?custom_num=…&token=…. Opening it, a logged-in user (a new customer logs in with
// mobile + SMS code, which registers them) binds the card in one step: the token is used and the
// card bound in ONE transaction, so a token binds at most one card once, and a refusal (card
// already someone else's) leaves the token unused. Failures count per client address.
import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { SHOP_MESSAGE, ShopCode } from '@portal/contract/shopCodes';
import type { QrBindAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, minutesOf, peek, type ThrottleRule } from '../../lib/throttle';
import type { Auth } from '../auth';
import { cardRecord } from '../cardRecord';
import { cardOwner, claimCard } from '../cards';
import * as repo from './repo';
import { boxUrl, hashToken, tokenVerdict, type TokenVerdict } from './rules';

/** A shop, binding or ticket business error: its code, and its own message or the code's (contract shopCodes). */
function shopError(code: ShopCode, message?: string): AppError {
  return new AppError(code, message ?? SHOP_MESSAGE[code]);
}

/** Failed scans from one client address: ten an hour, then an hour's pause (boxes are scanned once; guesses are not). */
export const QR_FAILURES: ThrottleRule = { limit: 10, windowMs: 3600_000, lockMs: 3600_000 };
/** How long a printed token stays usable unless the operator says otherwise. */
export const DEFAULT_TOKEN_DAYS = 365;

const REFUSAL: Record<Exclude<TokenVerdict, 'ok'>, ShopCode> = {
  invalid: ShopCode.BINDING_TOKEN_INVALID,
  used: ShopCode.BINDING_TOKEN_USED,
  expired: ShopCode.BINDING_TOKEN_EXPIRED,
};

export interface IssuedToken {
  custom_num: string;
  token: string;
  url: string;
}

/**
 * Issue one new token for each card (operator). The token itself is answered once, here, to be
 * printed; only its hash is kept. Unknown card numbers are refused before anything is written.
 */
export async function issueTokens(
  ctx: AppContext,
  customNums: string[],
  opts: { base: string; days?: number; issuedBy?: string; tokens?: string[] },
): Promise<IssuedToken[]> {
  const cards = await repo.cardsByNums(ctx.db.kysely, customNums);
  const missing = customNums.filter((n) => !cards.some((c) => c.custom_num === n));
  if (missing.length > 0) throw new AppError(Code.CARD_NOT_FOUND, `卡号不存在：${missing.join('、')}`);
  const now = clock.now();
  const expires = new Date(now.getTime() + (opts.days ?? DEFAULT_TOKEN_DAYS) * 86_400_000).toISOString();
  const issued = customNums.map((n, i) => {
    const card = cards.find((c) => c.custom_num === n)!;
    // `tokens`: fixed demo tokens of the seed, so the README can print their links
    const token = opts.tokens?.[i] ?? randomBytes(24).toString('base64url');
    return { card, token };
  });
  await repo.insertTokens(
    ctx.db.kysely,
    issued.map(({ card, token }) => ({
      card_id: card.id,
      token_hash: hashToken(token),
      issued_by: opts.issuedBy ?? '',
      issued_at: now.toISOString(),
      expires_at: expires,
    })),
  );
  return issued.map(({ card, token }) => ({
    custom_num: card.custom_num,
    token,
    url: boxUrl(opts.base, card.custom_num, token, card.mark === 'demo' ? undefined : card.mark),
  }));
}

async function assertNotLocked(ctx: AppContext, ip: string): Promise<void> {
  const t = await peek(ctx.db.kysely, `qr_bind_fail:${ip}`, QR_FAILURES);
  if (t && (t.locked || !t.allowed))
    throw new AppError(Code.RATE_LIMITED, `二维码验证失败次数过多，请${Math.max(1, minutesOf(t.retryAfterMs))}分钟后再试`);
}

async function refuse(ctx: AppContext, ip: string, verdict: Exclude<TokenVerdict, 'ok'>): Promise<never> {
  await hit(ctx.db.kysely, `qr_bind_fail:${ip}`, QR_FAILURES);
  throw shopError(REFUSAL[verdict]);
}

async function verdictOf(ctx: AppContext, customNum: string, token: string) {
  const card = await cardRecord.cardByNum(ctx.db.kysely, customNum);
  const row = await repo.tokenByHash(ctx.db.kysely, hashToken(token));
  return { card, row, verdict: tokenVerdict(row, card?.id, clock.iso()) };
}

/** No login: whether the box's code is still good, before the user is asked to log in. */
export async function checkBoxToken(ctx: AppContext, customNum: string, token: string, ip: string) {
  await assertNotLocked(ctx, ip);
  const { card, verdict } = await verdictOf(ctx, customNum, token);
  if (verdict !== 'ok') return refuse(ctx, ip, verdict);
  return { custom_num: card!.custom_num, usable: true as const };
}

/** Logged in: use the token and bind its card to the caller, in one transaction. */
export async function bindByBoxToken(ctx: AppContext, auth: Auth, customNum: string, token: string, ip: string): Promise<QrBindAnswer> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能绑定卡片，请使用手机号登录后再扫码绑定');
  await assertNotLocked(ctx, ip);
  const { card, row, verdict } = await verdictOf(ctx, customNum, token);
  // the same user opening their own box link again (a reload, a second tab): it is theirs already
  if (verdict === 'used' && row!.used_by === auth.userId && (await cardOwner(ctx.db.kysely, card!.id)) === auth.userId)
    return { custom_num: card!.custom_num, bound: false };
  if (verdict !== 'ok') return refuse(ctx, ip, verdict);
  if (card!.state === 6) throw new AppError(Code.CARD_CANCELLED, '该卡已销户，无法绑定，如有疑问请联系客服');
  const nowIso = clock.iso();
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    const was = await cardOwner(trx, card!.id);
    // someone else's card: refused, and (rolled back) the token stays unused for the operator to look into
    if (was !== null && was !== auth.userId) throw new AppError(Code.CARD_ALREADY_BOUND, '该卡已被其他账号绑定，如有疑问请联系客服');
    if (!(await repo.useToken(trx, row!.id, auth.userId, nowIso))) return 'used' as const;
    const owner = await claimCard(trx, auth.userId, card!.id, nowIso);
    if (owner !== auth.userId) throw new AppError(Code.CARD_ALREADY_BOUND, '该卡已被其他账号绑定，如有疑问请联系客服');
    return was === null ? ('bound' as const) : ('already' as const);
  });
  if (outcome === 'used') return refuse(ctx, ip, 'used');
  ctx.log.info({ userId: auth.userId, cardId: card!.id }, 'card bound by its box QR code');
  return { custom_num: card!.custom_num, bound: outcome === 'bound' };
}
