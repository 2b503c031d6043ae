import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_CARD_PASSWORD_HASH, DEMO_PASSWORD_HASH, LEGACY_DEMO_HASHES } from '../db/seed';
import { DEFAULT_HASH_COST, hashPassword, needsRehash, rehashIfNeeded, verifyPassword } from './password';

// A hash made before docs/decisions/0022: N=2^14 (the demo account's, password demo1234).
const OLD_2_14 = LEGACY_DEMO_HASHES.account;

describe('password hashes', () => {
  it('are made at N=2^17, r=8, p=1 by default (OWASP), and verify', async () => {
    expect(DEFAULT_HASH_COST).toBe(17);
    const hash = await hashPassword('s3cret-pass');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('an old 2^14 hash still verifies and is flagged for rehash; a rehash keeps the salt and reaches 2^17', async () => {
    expect(OLD_2_14.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword(DEMO.password, OLD_2_14)).toBe(true);
    expect(needsRehash(OLD_2_14)).toBe(true);
    let saved: [string, string] | null = null;
    expect(await rehashIfNeeded(DEMO.password, OLD_2_14, 17, async (n, o) => (saved = [n, o]))).toBe(true);
    // same salt, new cost: exactly the demo data's hash of today, which production recognises
    expect(saved).toEqual([DEMO_PASSWORD_HASH, OLD_2_14]);
    expect(await rehashIfNeeded(DEMO.password, DEMO_PASSWORD_HASH, 17, async () => expect.unreachable())).toBe(false);
    expect(await hashPassword(DEMO.cardPassword, 17, Buffer.from(LEGACY_DEMO_HASHES.card.split('$')[4]!, 'base64'))).toBe(
      DEMO_CARD_PASSWORD_HASH,
    );
  });

  it('a test run’s lower cost: its hashes, and any other cost, are flagged against it', async () => {
    const cheap = await hashPassword('pw', 10);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(needsRehash(cheap, 10)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(DEMO_PASSWORD_HASH, 10)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another algorithm', '$2b$10$abcdefghijklmnopqrstuv'],
    ['N not a power of two', 'scrypt$1000$8$1$AAAA$AAAA'],
    ['missing key', 'scrypt$16384$8$1$AAAA$'],
    ['extra field', `${OLD_2_14}$x`],
  ])('a stored value that is not one of ours (%s) never verifies and is not rehashed', async (_, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });
});
