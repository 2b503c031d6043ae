// The SMS code block's rules (docs/decisions/0010): the mobile's check before a code is sent, what
// the button says while a resend waits, and how long it waits when the server names no cooldown.
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';

/** The mobile number check before sending a code. */
export function mobileError(mobile: string): string | undefined {
  return check(mobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile);
}

/** The resend wait when an answer names none (the server's own default). */
export const DEFAULT_COOLDOWN_SECONDS = 60;

/** The button's words: asking for a code, or how many seconds until it may be asked again. */
export function sendCodeLabel(cooldownLeft: number): string {
  return cooldownLeft > 0 ? `${cooldownLeft}s后重新获取` : '获取验证码';
}

/** Seconds to wait before the next code may be asked for, from the answer to a send. */
export function cooldownOf(answer: { cooldown_seconds?: number }): number {
  return answer.cooldown_seconds || DEFAULT_COOLDOWN_SECONDS;
}
