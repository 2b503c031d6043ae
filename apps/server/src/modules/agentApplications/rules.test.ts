import { describe, expect, it } from 'vitest';
import { applicationNoOf, isOpen, maskMobile } from './rules';

describe('agent application rules', () => {
  it.each([
    ['submitted', true],
    ['in_review', true],
    ['approved', true],
    ['rejected', false],
  ] as const)('%s is open: %s', (s, e) => expect(isOpen(s)).toBe(e));

  it.each([
    ['13800000001', '138****0001'],
    ['123', '****'],
  ])('masks %s → %s', (m, e) => expect(maskMobile(m)).toBe(e));

  it('numbers by the China date', () => expect(applicationNoOf(new Date('2026-11-24T16:30:00Z'), 42)).toBe('A261125000042'));
});
