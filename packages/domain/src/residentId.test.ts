import { describe, expect, it } from 'vitest';
import { isValidResidentId, maskIdNumber, maskPersonName, residentIdCheckChar } from './residentId';

const TODAY = new Date('2026-11-23T00:00:00Z');

describe('isValidResidentId', () => {
  it.each([
    ['11010519491231002X', true, 'the standard example, X check character'],
    ['11010519491231002x', true, 'lower-case x'],
    ['110105194912310021', false, 'wrong check digit'],
    ['11010519491331002X', false, 'month 13'],
    ['11010519490230002X', false, '30 February'],
    ['11010520991231002X', false, 'born in the future'],
    ['01010519491231002X', false, 'region cannot start with 0'],
    ['1101051949123100', false, '16 digits'],
    ['11010519491231002XX', false, '19 characters'],
    ['1101051949123100A2', false, 'a letter inside'],
    ['', false, 'empty'],
    [' 11010519491231002X ', true, 'surrounding spaces are ignored'],
  ])('%s → %s (%s)', (id, expected) => {
    expect(isValidResidentId(id, TODAY)).toBe(expected);
  });

  it('computes the check character by ISO 7064 MOD 11-2', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(residentIdCheckChar('44030419900101123')).toBe(residentIdCheckChar('44030419900101123'));
  });
});

describe('masking', () => {
  it.each([
    ['11010519491231002X', '1101**********002X'],
    ['123', '***'],
  ])('maskIdNumber(%s) = %s', (id, masked) => expect(maskIdNumber(id)).toBe(masked));
  it.each([
    ['张三', '张*'],
    ['欧阳娜娜', '欧***'],
    ['李', '李'],
  ])('maskPersonName(%s) = %s', (n, masked) => expect(maskPersonName(n)).toBe(masked));
});
