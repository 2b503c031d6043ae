import { describe, expect, it } from 'vitest';
import { PATTERN } from '@portal/contract/patterns/account';
import { verifyPassword } from '../../lib/password';
import { BULK_HASH_COST, generateCardPassword, generateCardPasswords } from './generate';

describe('generated card passwords', () => {
  it('are 6 digits the card login accepts, leading zeros kept, and not all the same', () => {
    const many = Array.from({ length: 500 }, generateCardPassword);
    for (const p of many) {
      expect(p).toMatch(/^\d{6}$/);
      expect(PATTERN.cardPassword.test(p)).toBe(true);
    }
    expect(new Set(many).size).toBeGreaterThan(490);
  });

  it('come with hashes that verify, made at no more than the bulk cost', async () => {
    const made = await generateCardPasswords(3, 17);
    expect(made).toHaveLength(3);
    for (const m of made) {
      expect(await verifyPassword(m.password, m.hash)).toBe(true);
      expect(m.hash.split('$')[1]).toBe(String(2 ** BULK_HASH_COST));
    }
    const cheap = await generateCardPasswords(1, 10);
    expect(cheap[0]!.hash.split('$')[1]).toBe(String(2 ** 10));
  });
});
