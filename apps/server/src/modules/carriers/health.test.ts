import { describe, expect, it } from 'vitest';
import { failureWords, healthOf, stateOf } from './health';

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
  last_error_kind: '',
  last_round_failed: 0,
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

describe("an account's state in words, most urgent first", () => {
  // 2026-03-01T12:05Z is 20:05 in Beijing
  const restingUntil = new Date(NOW.getTime() + 5 * 60_000).toISOString();
  it.each([
    // what, columns over the base, state, label, words in the detail, next try
    ['a round 30 minutes ago read every card', {}, 'ok', '正常', '', null],
    ['some cards failed, the others were read', { last_round_failed: 2 }, 'ok', '正常', '最近一轮有 2 张卡读取失败', null],
    ['never a complete round (a new account)', { last_round_at: '', last_round_cards: 0 }, 'never', '尚未同步', '尚未完成一轮同步', null],
    [
      'the last round read none of its cards',
      { last_round_cards: 0, last_round_failed: 5 },
      'round_failed',
      '同步失败',
      '最近一轮 5 张卡全部读取失败',
      null,
    ],
    ['a round of no due card is no failure', { last_round_cards: 0, last_round_failed: 0 }, 'ok', '正常', '', null],
    [
      'resting after outages: when it is called again, in Beijing time',
      { failures: 6, circuit_open_until: restingUntil, last_error_kind: 'unavailable' },
      'resting',
      '暂停调用',
      '连续失败 6 次（平台无法连接或超时），暂停调用，2026-03-01 20:05（北京时间）起再次调用',
      restingUntil,
    ],
    [
      'credentials refused, resting: the key first',
      { failures: 1, circuit_open_until: restingUntil, last_error_kind: 'auth' },
      'auth',
      '密钥被拒',
      '平台拒绝了账号或密钥，2026-03-01 20:05（北京时间）起再次调用',
      restingUntil,
    ],
    [
      'credentials refused, the rest over: still refused until a call goes through',
      { failures: 2, circuit_open_until: at(1), last_error_kind: 'auth' },
      'auth',
      '密钥被拒',
      '请核对账号字段',
      null,
    ],
    [
      'failures and no round for 2 hours',
      { failures: 3, last_round_at: at(121), last_error_kind: 'malformed' },
      'failing',
      '异常',
      '连续失败 3 次（平台返回了无法识别的内容）',
      null,
    ],
    [
      'failures, but a round within 2 hours',
      { failures: 3, last_round_at: at(119), last_error_kind: 'unavailable' },
      'ok',
      '正常',
      '',
      null,
    ],
    [
      'disabled, whatever else',
      { enabled: 0, failures: 5, circuit_open_until: restingUntil, last_error_kind: 'auth' },
      'disabled',
      '已停用',
      '不同步',
      null,
    ],
  ] as const)('%s → %s', (_what, over, state, label, words, next) => {
    const h = healthOf({ ...base, ...over }, undefined, null, NOW);
    expect(h.state).toBe(state);
    expect(h.state_label).toBe(label);
    if (words) expect(h.state_detail).toContain(words);
    else expect(h.state_detail).toBe('');
    expect(h.next_try_at).toBe(next);
    expect(stateOf({ ...base, ...over }, NOW).state).toBe(state);
    // no English reaches the words
    expect(h.state_detail).not.toMatch(/[A-Za-z]{3,}/);
  });

  it.each([
    ['auth', '平台拒绝了账号或密钥'],
    ['unavailable', '平台无法连接或超时'],
    ['malformed', '平台返回了无法识别的内容'],
    ['rate', '平台限流'],
    ['', '调用平台失败'],
    ['TypeError', '调用平台失败'],
  ])('failure kind %s → %s', (kind, words) => {
    expect(failureWords(kind)).toBe(words);
  });
});
