import { describe, expect, it } from 'vitest';
import { cooldownOf, DEFAULT_COOLDOWN_SECONDS, sendCodeLabel } from './smsCode';

describe('the SMS code button', () => {
  it.each([
    [0, '获取验证码'],
    [-1, '获取验证码'],
    [1, '1s后重新获取'],
    [60, '60s后重新获取'],
  ])('says, with %is of cooldown left: %s', (left, label) => {
    expect(sendCodeLabel(left)).toBe(label);
  });

  it.each([
    [{ cooldown_seconds: 90 }, 90],
    [{ cooldown_seconds: 0 }, DEFAULT_COOLDOWN_SECONDS],
    [{}, DEFAULT_COOLDOWN_SECONDS],
  ])('waits after the answer %j: %is', (answer, seconds) => {
    expect(cooldownOf(answer)).toBe(seconds);
  });
});
