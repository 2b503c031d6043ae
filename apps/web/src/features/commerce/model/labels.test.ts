import { describe, expect, it } from 'vitest';
import { flowLabel, periodLabel, resultPathOf } from './labels';

describe('commerce labels', () => {
  it.each([
    [500, '500MB'],
    [1024, '1GB'],
    [102400, '100GB'],
    [1536, '1.5GB'],
  ])('flowLabel(%i) = %s', (mb, label) => expect(flowLabel(mb)).toBe(label));
  it('periods', () => {
    expect(periodLabel(1, 7)).toBe('7天');
    expect(periodLabel(2, 1)).toBe('1个月');
  });
  it.each([
    ['pending', undefined],
    ['paid', '/pay_success'],
    ['fulfilled', '/pay_success'],
    ['failed', '/pay_fail'],
    ['closed', '/pay_fail'],
  ] as const)('an order %s goes to %s', (state, path) => expect(resultPathOf(state)).toBe(path));
});
