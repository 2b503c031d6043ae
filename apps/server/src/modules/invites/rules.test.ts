import { describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN, inviteCodeOf, inviteStateOf, inviteStepsOf, maskMobile, type InviteFacts } from './rules';

const base: InviteFacts = { created_at: 't0', card_bound_at: '', first_paid_at: '', rewarded_at: '', reward_growth: 0, void_reason: '' };

describe('invite rules', () => {
  it.each([
    ['just registered', {}, 'registered'],
    ['card bound', { card_bound_at: 't1' }, 'card_bound'],
    ['first order paid', { card_bound_at: 't1', first_paid_at: 't2' }, 'paid'],
    ['rewarded', { card_bound_at: 't1', first_paid_at: 't2', rewarded_at: 't2', reward_growth: 50 }, 'rewarded'],
    ['void after a refund', { card_bound_at: 't1', first_paid_at: 't2', rewarded_at: 't2', void_reason: '好友首单已退款' }, 'void'],
    ['void before anything', { void_reason: '邀请活动未开启' }, 'void'],
  ] as const)('%s → %s', (_n, facts, state) => expect(inviteStateOf({ ...base, ...facts })).toBe(state));

  it('steps say what is done and when; a void reward is not done', () => {
    const steps = inviteStepsOf({ ...base, card_bound_at: 't1', first_paid_at: 't2', rewarded_at: 't2', void_reason: '好友首单已退款' });
    expect(steps.map((s) => [s.key, s.done, s.at])).toEqual([
      ['registered', true, 't0'],
      ['card_bound', true, 't1'],
      ['first_order', true, 't2'],
      ['reward', false, ''],
    ]);
  });

  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7], '23456789'],
    [[8, 9, 10, 11, 12, 13, 14, 15], 'ABCDEFGH'],
    [[31, 32, 61, 62, 0, 0, 0, 0], '23Z22222'],
  ])('code of %j is %s and matches the pattern', (idx, code) => {
    expect(inviteCodeOf(idx)).toBe(code);
    expect(INVITE_CODE_PATTERN.test(code)).toBe(true);
  });

  it.each([
    ['13800138000', '138****8000'],
    [null, '****'],
    ['123', '****'],
  ])('masks %s → %s', (m, e) => expect(maskMobile(m)).toBe(e));
});
