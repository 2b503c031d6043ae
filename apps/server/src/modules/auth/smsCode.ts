// SMS verification codes: sending (with cooldown and caps) and checking (limited attempts).
// Used by login (purpose "login") and by the card password reset (purpose "card_password").
// Only a slow salted hash of a code is stored; the code itself exists only in the message.
import { randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hit, minutesOf, secondsOf } from '../../lib/throttle';
import { KEYS, RULES, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS } from './limits';
import * as repo from './repo';

export type SmsPurpose =
  | 'login'
  | 'card_password'
  | 'agent_apply'
  | 'register'
  | 'payout_account'
  // an account's forgotten password, and a change of mobile: the code to the old number, to the new one
  | 'user_password'
  | 'mobile_old'
  | 'mobile_new';

export interface SentCode {
  cooldown_seconds: number;
  expires_in_seconds: number;
}

function tooFrequent(message: string): AppError {
  return new AppError(Code.SMS_TOO_FREQUENT, message);
}

function messageFor(purpose: SmsPurpose, code: string, signature: string, cardTail?: string): string {
  const minutes = SMS_CODE_TTL_MS / 60_000;
  // The code comes first: phones offer to copy the first number of an SMS.
  const what =
    purpose === 'login'
      ? '用于登录'
      : purpose === 'agent_apply'
        ? '用于代理申请'
        : purpose === 'register'
          ? '用于注册新用户'
          : purpose === 'payout_account'
            ? '用于修改代理佣金收款账户'
            : purpose === 'user_password'
              ? '用于重置账号登录密码'
              : purpose === 'mobile_old'
                ? '用于更换绑定手机号（验证原手机号）'
                : purpose === 'mobile_new'
                  ? '用于绑定新手机号'
                  : `用于设置卡号尾号${cardTail ?? ''}的登录密码`;
  return `【${signature}】验证码${code}，${what}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`;
}

/**
 * Sends a fresh code unless a limit is in the way: per client address per hour, one per
 * phone number and purpose per minute, and a daily cap per phone number.
 */
/** log2 of scrypt's N for SMS codes (docs/decisions/0022) */
const SMS_CODE_HASH_COST = 14;

export async function sendSmsCode(
  ctx: AppContext,
  opts: { mobile: string; purpose: SmsPurpose; ip: string; signature: string; card?: string },
): Promise<SentCode> {
  const { mobile, purpose } = opts;
  const byAddress = await hit(ctx.db.kysely, KEYS.smsAddress(opts.ip), RULES.smsAddress);
  if (!byAddress.allowed) throw new AppError(Code.RATE_LIMITED, `获取验证码过于频繁，请${minutesOf(byAddress.retryAfterMs)}分钟后再试`);
  const cooldown = await hit(ctx.db.kysely, KEYS.smsCooldown(purpose, mobile), RULES.smsCooldown);
  if (!cooldown.allowed) throw tooFrequent(`验证码已发送，请${secondsOf(cooldown.retryAfterMs)}秒后再试`);
  const daily = await hit(ctx.db.kysely, KEYS.smsDaily(mobile), RULES.smsDaily);
  if (!daily.allowed) throw tooFrequent('该手机号今日获取验证码次数已达上限，请明天再试');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A code lives minutes and allows a few tries: 2^14 is plenty, and a send must not cost a
  // password's 128 MiB and tenth of a second (a test run's lower cost applies here too).
  const codeHash = await hashPassword(code, Math.min(SMS_CODE_HASH_COST, ctx.config.passwordHashCost));
  const now = clock.now();
  await repo.insertSmsCode(ctx.db.kysely, {
    mobile,
    purpose,
    subject: opts.card ?? '',
    code_hash: codeHash,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString(),
  });
  try {
    await ctx.sms.send(mobile, messageFor(purpose, code, opts.signature, opts.card?.slice(-4)), { kind: 'code', params: { code } });
  } catch (err) {
    // a real provider may refuse or be unreachable (docs/decisions/0021): say so, log no number
    ctx.log.warn({ purpose, error: err instanceof Error ? err.message : String(err) }, 'SMS provider failed to send a code');
    throw new AppError(Code.INTERNAL, '短信发送失败，请稍后重试');
  }
  return { cooldown_seconds: RULES.smsCooldown.windowMs / 1000, expires_in_seconds: SMS_CODE_TTL_MS / 1000 };
}

/**
 * Checks and uses up the newest code for a phone number, purpose and card (a card password's code
 * is good for the card it was sent for, and no other card of the holder). The attempt is counted
 * before the code is compared, so parallel guesses cannot get past the attempt limit.
 * Throws SMS_CODE_INVALID with a message that says what to do next.
 */
export async function consumeSmsCode(ctx: AppContext, mobile: string, purpose: SmsPurpose, code: string, card = ''): Promise<void> {
  const now = clock.iso();
  const row = await repo.latestSmsCode(ctx.db.kysely, mobile, purpose, card);
  const expired = new AppError(Code.SMS_CODE_INVALID, '验证码错误或已过期，请重新获取');
  if (!row || row.used_at || row.expires_at <= now) throw expired;
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) throw new AppError(Code.SMS_CODE_INVALID, '验证码错误次数过多，请重新获取');
  if (!(await repo.reserveSmsAttempt(ctx.db.kysely, row.id, SMS_CODE_MAX_ATTEMPTS, now))) throw expired;
  if (await verifyPassword(code, row.code_hash)) {
    if (await repo.markSmsCodeUsed(ctx.db.kysely, row.id, clock.iso())) return;
    throw expired;
  }
  const left = SMS_CODE_MAX_ATTEMPTS - (row.attempts + 1);
  throw new AppError(Code.SMS_CODE_INVALID, left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
}
