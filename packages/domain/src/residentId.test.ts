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
    ['440304199001011233', true, 'numeric check digit'],
    ['440304199001011234', false, 'numeric check digit off by one'],
    ['510108198506153024', true, 'another region'],
    ['320106200002290019', true, '29 February of a leap year (2000)'],
    ['310115190002290017', false, '29 February 1900 (not a leap year)'],
    ['11010118991231001X', false, 'born before 1900'],
  ])('%s → %s (%s)', (id, expected) => {
    expect(isValidResidentId(id, TODAY)).toBe(expected);
  });

  // expected characters computed independently (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, '10X98765432')
  it.each([
    ['11010519491231002', 'X'],
    ['44030419900101123', '3'],
    ['32010620000229001', '9'],
    ['51010819850615302', '4'],
    ['33010219780709141', '4'],
  ])('check character of %s is %s (ISO 7064 MOD 11-2)', (first17, ch) => expect(residentIdCheckChar(first17)).toBe(ch));
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
