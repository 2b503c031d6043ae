import { describe, expect, it } from 'vitest';
import { boxUrl, hashToken, tokenVerdict } from './rules';

describe('tokenVerdict', () => {
  const now = '2026-11-24T00:00:00.000Z';
  const fresh = { card_id: 7, used_at: null, expires_at: '2027-01-01T00:00:00.000Z' };
  it.each([
    ['fresh, for this card', fresh, 7, 'ok'],
    ['unknown token', undefined, 7, 'invalid'],
    ['unknown card', fresh, undefined, 'invalid'],
    ['issued for another card', fresh, 8, 'invalid'],
    ['used', { ...fresh, used_at: '2026-11-01T00:00:00.000Z' }, 7, 'used'],
    ['used and expired: said used', { ...fresh, used_at: '2026-11-01T00:00:00.000Z', expires_at: now }, 7, 'used'],
    ['expired', { ...fresh, expires_at: now }, 7, 'expired'],
  ] as const)('%s → %s', (_, row, card, want) => expect(tokenVerdict(row, card, now)).toBe(want));
});

describe('boxUrl', () => {
  it.each([
    ['http://localhost:3000', undefined, 'http://localhost:3000/qr_code_login?custom_num=1000000020&token=abc'],
    ['https://h5.example.com/', 'acme', 'https://h5.example.com/qr_code_login?custom_num=1000000020&token=abc&mark=acme'],
  ])('%s %s', (base, mark, want) => expect(boxUrl(base, '1000000020', 'abc', mark)).toBe(want));
});

describe('hashToken', () => {
  it('is sha256 hex, never the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
