import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { DEMO, DEMO_CARD_PASSWORD_HASH, DEMO_PASSWORD_HASH } from './seed';

describe('demo seed', () => {
  // Two scrypt checks at the production cost, 2^17 (128 MiB each): well under a second each on a
  // quiet machine, but a whole run's lower-priority track once took 32 s for three, so the limit is
  // wide; this is not a timing test. That a wrong password is refused is lib/password's test.
  it('stores hashes that verify with the published demo passwords', async () => {
    const [account, card] = await Promise.all([
      verifyPassword(DEMO.password, DEMO_PASSWORD_HASH),
      verifyPassword(DEMO.cardPassword, DEMO_CARD_PASSWORD_HASH),
    ]);
    expect([account, card]).toEqual([true, true]);
  }, 120_000);
});
