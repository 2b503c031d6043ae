import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Slow salted hashes for account and card passwords (scrypt, built into Node: no native addon).
// The stored string carries its own parameters — `scrypt$N$r$p$salt$key` — so a hash made under
// an older cost still verifies after the cost is raised, and a login with the right password
// replaces it (rehashIfNeeded; docs/decisions/0022-password-cost-and-card-info-speed.md).

/** log2 of scrypt's N for new hashes: 2^17, OWASP's current guidance for scrypt (r=8, p=1) */
export const DEFAULT_HASH_COST = 17;
/** the lowest cost outside a test run (config.ts refuses a lower PASSWORD_HASH_COST there) */
export const MIN_PRODUCTION_HASH_COST = DEFAULT_HASH_COST;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told (maxmem), which 2^17
 * (128 MiB) exceeds. Twice the need leaves room for Node's own bookkeeping.
 */
function maxmemFor(n: number, r: number): number {
  return 2 * 128 * n * r;
}

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string | null | undefined): Parsed | null {
  if (!stored) return null;
  const [alg, n, r, p, saltB64, keyB64, ...rest] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !keyB64 || rest.length) return null;
  const parsed = { n: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
  // N a power of two above 1, r and p small positive integers: anything else is not a hash of ours
  const powerOfTwo = Number.isInteger(parsed.n) && parsed.n > 1 && (parsed.n & (parsed.n - 1)) === 0;
  if (!powerOfTwo || !(parsed.r >= 1 && parsed.r <= 64) || !(parsed.p >= 1 && parsed.p <= 16)) return null;
  if (!parsed.salt.length || !parsed.key.length) return null;
  return parsed;
}

/**
 * A new hash at 2^cost. `salt`: only when replacing a hash of the same password
 * (rehashIfNeeded keeps the salt, so the demo data's hash rehashed is still the demo data's
 * known hash that production refuses — db/demoLogins.ts); otherwise a fresh random one.
 */
export async function hashPassword(password: string, cost: number = DEFAULT_HASH_COST, salt: Buffer = randomBytes(16)): Promise<string> {
  const n = 2 ** cost;
  const key = await scrypt(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const key = await scrypt(password, h.salt, h.key.length, { N: h.n, r: h.r, p: h.p, maxmem: maxmemFor(h.n, h.r) });
  return key.length === h.key.length && timingSafeEqual(key, h.key);
}

/** Whether a stored hash was made with other parameters than new hashes (2^cost, r=8, p=1, 32 bytes). */
export function needsRehash(stored: string, cost: number = DEFAULT_HASH_COST): boolean {
  const h = parse(stored);
  if (!h) return false; // not a hash of ours: nothing verified against it, nothing to replace
  return h.n !== 2 ** cost || h.r !== R || h.p !== P || h.key.length !== KEYLEN;
}

/**
 * After a successful check of `password` against `stored`: when the hash's parameters are not
 * today's, hashes the password again (same salt) and hands the new hash to `save`, which replaces
 * it only if the stored one is still `stored` (a password changed meanwhile wins). The module that
 * owns the table does the saving, so lib/ needs no module. True when a new hash was handed over.
 */
export async function rehashIfNeeded(
  password: string,
  stored: string,
  cost: number,
  save: (newHash: string, oldHash: string) => Promise<unknown>,
): Promise<boolean> {
  if (!needsRehash(stored, cost)) return false;
  const salt = parse(stored)!.salt;
  await save(await hashPassword(password, cost, salt), stored);
  return true;
}
