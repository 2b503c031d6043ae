import { describe, expect, it } from 'vitest';
import { yuan } from './format';

describe('yuan', () => {
  it.each([
    [0, '¥0.00'],
    [160, '¥1.60'],
    [123456789, '¥1,234,567.89'],
    [-160, '-¥1.60'],
    [-300000, '-¥3,000.00'],
  ])('%i fen reads %s', (fen, text) => expect(yuan(fen)).toBe(text));
});
