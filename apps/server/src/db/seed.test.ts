import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { DEMO, DEMO_CARD_PASSWORD_HASH, DEMO_PASSWORD_HASH } from './seed';

describe('demo seed', () => {
  it('stores hashes that verify with the published demo passwords', async () => {
    expect(await verifyPassword(DEMO.password, DEMO_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword(DEMO.cardPassword, DEMO_CARD_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('wrong', DEMO_PASSWORD_HASH)).toBe(false);
    // three scrypt checks at 2^17 (128 MiB each): seconds on a busy 2-core machine, not a timing test
  }, 30_000);
});
