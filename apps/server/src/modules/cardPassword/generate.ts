// Card passwords made by the portal (docs/decisions/0028): one per card at import, at the
// migration for cards that had none, and at a console reset. Random digits from the CSPRNG, the
// longest length the card login allows, so a guess has a one-in-a-million chance.
import { randomInt } from 'node:crypto';
import { hashPassword } from '../../lib/password';

export const GENERATED_LENGTH = 6;

/** A fresh card password: 6 digits, leading zeros kept. */
export function generateCardPassword(): string {
  return String(randomInt(0, 10 ** GENERATED_LENGTH)).padStart(GENERATED_LENGTH, '0');
}

/**
 * The cost of hashes made in bulk (an import of up to 20 000 cards, the migration): at most 2^12,
 * so a batch is hashed in seconds rather than an hour. The first successful use of the password
 * (a bind, a card login) hashes it again at the configured cost (lib/password's rehashIfNeeded,
 * decision 0022), so the lower cost only lasts until the card is in its holder's hands.
 */
export const BULK_HASH_COST = 12;

/** Passwords and their hashes for `count` cards, a few hashes at a time (scrypt runs on libuv's pool). */
export async function generateCardPasswords(count: number, configuredCost: number): Promise<{ password: string; hash: string }[]> {
  const cost = Math.min(configuredCost, BULK_HASH_COST);
  const out: { password: string; hash: string }[] = [];
  const PARALLEL = 8;
  for (let i = 0; i < count; i += PARALLEL) {
    const n = Math.min(PARALLEL, count - i);
    const batch = await Promise.all(
      Array.from({ length: n }, async () => {
        const password = generateCardPassword();
        return { password, hash: await hashPassword(password, cost) };
      }),
    );
    out.push(...batch);
  }
  return out;
}
