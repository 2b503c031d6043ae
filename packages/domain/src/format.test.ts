import { describe, expect, it } from 'vitest';
import {
  chinaDate,
  chinaMonthStart,
  fenToYuan,
  formatDate,
  formatDateTime,
  formatKb,
  formatYuan,
  isEmptyDate,
  maskMobile,
  yuanToFen,
} from './format';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [20, '20.00'],
    [19.9, '19.90'],
    [0.1 + 0.2, '0.30'],
    [1234.567, '1234.57'],
  ])('formatYuan(%s) = %s', (yuan, shown) => expect(formatYuan(yuan)).toBe(shown));

  it.each([
    [2000, 20],
    [1, 0.01],
    [0, 0],
  ])('fenToYuan(%s) = %s', (fen, yuan) => expect(fenToYuan(fen)).toBe(yuan));

  it.each([
    [20, 2000],
    [0.01, 1],
    [19.99, 1999],
    [0.001, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('yuanToFen(%s) = %s', (yuan, fen) => expect(yuanToFen(yuan)).toBe(fen));
});

describe('dates (China time)', () => {
  it.each([
    ['', true],
    [null, true],
    [undefined, true],
    ['0001-01-01T00:00:00+08:00', true],
    ['0001-01-01 00:00:00', true],
    ['2026-01-01T00:00:00Z', false],
  ])('isEmptyDate(%s) = %s', (v, empty) => expect(isEmptyDate(v)).toBe(empty));

  it.each([
    ['', '-'],
    ['0001-01-01T00:00:00Z', '-'],
    ['not a date', '-'],
    ['2026-03-05', '2026-03-05'],
    // 16:30 UTC is already the next day in China
    ['2026-03-05T16:30:00Z', '2026-03-06'],
    ['2026-03-05T15:59:59Z', '2026-03-05'],
  ])('formatDate(%s) = %s', (v, shown) => expect(formatDate(v)).toBe(shown));

  it('formatDateTime shows China time', () => {
    expect(formatDateTime('2026-03-05T16:30:00Z')).toBe('2026-03-06 00:30');
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe('-');
  });

  it('chinaDate rolls over at 16:00 UTC', () => {
    expect(chinaDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(chinaDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it.each([
    ['2026-11-22T10:00:00Z', 0, '2026-10-31T16:00:00.000Z'],
    ['2026-11-30T17:00:00Z', 0, '2026-11-30T16:00:00.000Z'],
    ['2026-11-22T10:00:00Z', 1, '2026-11-30T16:00:00.000Z'],
    ['2026-12-15T00:00:00Z', 1, '2026-12-31T16:00:00.000Z'],
  ])('chinaMonthStart(%s, %s) = %s', (now, ahead, iso) => expect(chinaMonthStart(new Date(now), ahead).toISOString()).toBe(iso));
});

describe('data volumes and masks', () => {
  it.each([
    [0, '0MB'],
    [-5, '0MB'],
    [512, '512KB'],
    [1024, '1.00MB'],
    [1536, '1.50MB'],
    [1024 * 1024, '1.00GB'],
    [100 * 1024 * 1024, '100.00GB'],
  ])('formatKb(%s) = %s', (kb, shown) => expect(formatKb(kb)).toBe(shown));

  it.each([
    ['13800138000', '138****8000'],
    ['123', '123'],
  ])('maskMobile(%s) = %s', (m, shown) => expect(maskMobile(m)).toBe(shown));
});
