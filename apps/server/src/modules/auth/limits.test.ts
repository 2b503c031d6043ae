import { describe, expect, it } from 'vitest';
import { nextChinaMidnight, RULES } from './limits';

describe('nextChinaMidnight', () => {
  it.each([
    // [now (UTC), next midnight in Asia/Shanghai, as UTC]
    ['2025-03-10T00:00:00.000Z', '2025-03-10T16:00:00.000Z'], // 08:00 in China
    ['2025-03-10T15:59:59.999Z', '2025-03-10T16:00:00.000Z'], // 23:59:59 in China
    ['2025-03-10T16:00:00.000Z', '2025-03-11T16:00:00.000Z'], // exactly midnight: the next one
    ['2025-12-31T17:00:00.000Z', '2026-01-01T16:00:00.000Z'], // 01:00 on New Year's Day in China
    ['2024-02-28T16:30:00.000Z', '2024-02-29T16:00:00.000Z'], // leap day
  ])('%s → %s', (now, next) => {
    expect(nextChinaMidnight(new Date(now)).toISOString()).toBe(next);
  });
});

describe('limits', () => {
  it('match the rulings: 60 s SMS cooldown, lock after 5 wrong passwords for 15 minutes', () => {
    expect(RULES.smsCooldown).toMatchObject({ limit: 1, windowMs: 60_000 });
    expect(RULES.passwordFailures).toMatchObject({ limit: 5, lockMs: 15 * 60_000 });
  });
});
