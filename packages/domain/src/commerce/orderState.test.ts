import { describe, expect, it } from 'vitest';
import { canTransition, isSettled, ORDER_TRANSITIONS, transition, type OrderStateName } from './orderState';

const STATES = Object.keys(ORDER_TRANSITIONS) as OrderStateName[];
const ALLOWED = new Set(['pending>paid', 'pending>closed', 'pending>failed', 'paid>fulfilled', 'paid>refunded', 'fulfilled>refunded']);

describe('order state machine', () => {
  const rows = STATES.flatMap((from) => STATES.map((to) => [from, to, ALLOWED.has(`${from}>${to}`)] as const));
  it.each(rows)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) expect(transition(from, to)).toBe(to);
    else expect(() => transition(from, to)).toThrow();
  });
  it('an unknown state goes nowhere', () => expect(canTransition('weird', 'paid')).toBe(false));
  it.each(STATES.map((s) => [s, s !== 'pending'] as const))('%s settled: %s', (s, settled) => expect(isSettled(s)).toBe(settled));
});
