// The SMS code button's rules (docs/decisions/0010): what it says while a resend waits, and how
// long it waits when the server names no cooldown.

/** The resend wait when an answer names none (the server's own default). */
export const DEFAULT_COOLDOWN_SECONDS = 60;

/** The button's words: asking for a code, or how many seconds until it may be asked again. */
export function sendCodeLabel(cooldownLeft: number): string {
  return cooldownLeft > 0 ? `${cooldownLeft}s后重新获取` : '获取验证码';
}

/** Seconds to wait before the next code may be asked for, from the answer to a send. */
export function cooldownOf(answer: { cooldown_seconds?: number }): number {
  return answer.cooldown_seconds && answer.cooldown_seconds > 0 ? answer.cooldown_seconds : DEFAULT_COOLDOWN_SECONDS;
}
