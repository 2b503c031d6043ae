import { describe, expect, it } from 'vitest';
import { healthOf } from './health';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const base = {
  enabled: 1,
  last_round_at: at(30),
  last_round_cards: 10,
  calls_ok: 90,
  calls_failed: 10,
  failures: 0,
  circuit_open_until: '',
  last_error: '',
};

describe('healthOf', () => {
  it('figures: error rate of all calls, limits, cards', () => {
    expect(healthOf(base, { cards: 12, stale: 3 }, { effective: 2, platform: 5 }, NOW)).toMatchObject({
      last_round_at: at(30),
      cards: 12,
      stale_cards: 3,
      error_rate: 0.1,
      limit_per_second: 2,
      platform_limit_per_second: 5,
      circuit_open: false,
      failing: false,
    });
    expect(healthOf({ ...base, calls_ok: 0, calls_failed: 0, last_round_at: '' }, undefined, null, NOW)).toMatchObject({
      last_round_at: null,
      cards: 0,
      error_rate: null,
      limit_per_second: null,
    });
  });

  it.each([
    ['healthy', {}, false],
    ['failures, but a complete round within 2 hours', { failures: 3, last_round_at: at(119) }, false],
    ['failures, the last complete round over 2 hours ago', { failures: 3, last_round_at: at(121) }, true],
    ['failures and never a complete round', { failures: 1, last_round_at: '' }, true],
    ['the circuit open now', { failures: 5, circuit_open_until: at(-1) }, true],
    ['the circuit opened once, closed since', { circuit_open_until: at(1) }, false],
    ['disabled: shown as disabled, not failing', { enabled: 0, failures: 5, circuit_open_until: at(-1) }, false],
  ] as const)('%s → failing %s', (_what, over, failing) => {
    expect(healthOf({ ...base, ...over }, undefined, null, NOW).failing).toBe(failing);
  });
});
