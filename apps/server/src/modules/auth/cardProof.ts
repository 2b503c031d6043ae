// Proof of holding a card by its card password (docs/decisions/0028): the one check
// behind binding a card, adding a device with its card, and — for its counters — the card login.
// A guesser is limited where guessing happens: per card AND source (5 wrong in 15 minutes lock
// that source only, so a stranger cannot lock the holder out), per account and per client address
// across all cards (spraying one password over many numbers). An unknown number, a card without a
// password and a wrong password answer the same and cost the same time, so a guess learns nothing.
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { hashPassword, rehashIfNeeded, verifyPassword } from '../../lib/password';
import { clear, hit, minutesOf, peek, type ThrottleResult } from '../../lib/throttle';
import { KEYS, RULES } from './limits';

/** Who is guessing: the account (binds and device adds; none for a card login) and the client address. */
export interface ProofSource {
  userId?: number;
  ip: string;
}

export interface ProvableCard {
  id: number;
  custom_num: string;
  password_hash: string | null;
}

/** The one refusal of a failed proof, whatever failed (unknown card, no password, wrong password). */
export const PROOF_REFUSED = '卡号或卡密码错误';

function sourceKey(src: ProofSource): string {
  return src.userId ? `user:${src.userId}` : `ip:${src.ip}`;
}

function blocked(retryAfterMs: number): AppError {
  return new AppError(Code.RATE_LIMITED, `卡密码错误次数过多，请${minutesOf(retryAfterMs)}分钟后再试`);
}

/** Refuses (429) when the account or the address has used up its wrong tries across all cards; counts nothing. */
export async function assertMayProve(ctx: AppContext, src: ProofSource): Promise<void> {
  const db = ctx.db.kysely;
  const checks = [peek(db, KEYS.cardPasswordAddress(src.ip), RULES.cardPasswordAddress)];
  if (src.userId) checks.push(peek(db, KEYS.cardPasswordAccount(src.userId), RULES.cardPasswordAccount));
  for (const t of await Promise.all(checks)) if (t?.locked) throw blocked(t.retryAfterMs);
}

/**
 * Counts one wrong card password against the account and the address; answers the refusal to
 * throw: "blocked" when this one used the last try, else the per-card message with the tries left.
 */
export async function countWrongProof(ctx: AppContext, src: ProofSource, perCard: ThrottleResult, message: string): Promise<AppError> {
  const db = ctx.db.kysely;
  const counts = [await hit(db, KEYS.cardPasswordAddress(src.ip), RULES.cardPasswordAddress)];
  if (src.userId) counts.push(await hit(db, KEYS.cardPasswordAccount(src.userId), RULES.cardPasswordAccount));
  const spent = counts.find((c) => c.locked);
  if (spent) return blocked(spent.retryAfterMs);
  if (perCard.locked) {
    const minutes = minutesOf(perCard.retryAfterMs);
    return new AppError(Code.LOCKED, `卡密码错误次数过多，该卡号已被锁定${minutes}分钟，请${minutes}分钟后再试`);
  }
  const left = Math.min(perCard.remaining, ...counts.map((c) => c.remaining));
  return new AppError(Code.CARD_PASSWORD_WRONG, `${message}，还可尝试${left}次`);
}

/**
 * Counts an attempt on this card from this source BEFORE the password is compared (parallel
 * guesses cannot pass the limit); a locked pair is refused without comparing anything.
 */
export async function reserveCardAttempt(ctx: AppContext, customNum: string, src: ProofSource): Promise<ThrottleResult> {
  const attempt = await hit(ctx.db.kysely, KEYS.cardFailures(customNum, sourceKey(src)), RULES.passwordFailures);
  if (!attempt.allowed)
    throw new AppError(Code.LOCKED, `卡密码错误次数过多，该卡号已被锁定，请${minutesOf(attempt.retryAfterMs)}分钟后再试`);
  return attempt;
}

/** A success forgets this source's wrong tries on this card (not its tries across cards). */
export async function clearCardAttempts(ctx: AppContext, customNum: string, src: ProofSource): Promise<void> {
  await clear(ctx.db.kysely, KEYS.cardFailures(customNum, sourceKey(src)));
}

// Compared against when there is no card or no password, so every refusal costs one hash.
const dummyHashes = new Map<number, Promise<string>>();
function dummy(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword('no-such-card', cost)));
  return hash;
}

/**
 * Proves the caller holds `card` (looked up by `asked`; undefined when no card has that number) by
 * its card password, under every limit above. Throws the one refusal; answers nothing on success.
 * `save` replaces a hash made under an older cost (the card record's writer).
 */
export async function proveCardPassword(
  ctx: AppContext,
  src: ProofSource,
  asked: string,
  card: ProvableCard | undefined,
  password: string,
  save: (cardId: number, newHash: string, oldHash: string) => Promise<unknown>,
  message: string = PROOF_REFUSED,
): Promise<void> {
  await assertMayProve(ctx, src);
  // keyed by the number asked, known or not: an unknown number locks like a real one
  const attempt = await reserveCardAttempt(ctx, card?.custom_num ?? asked, src);
  const stored = card?.password_hash || null;
  const good = (await verifyPassword(password, stored ?? (await dummy(ctx.config.passwordHashCost)))) && stored !== null;
  if (!card || !stored || !good) throw await countWrongProof(ctx, src, attempt, message);
  await clearCardAttempts(ctx, card.custom_num, src);
  await rehashIfNeeded(password, stored, ctx.config.passwordHashCost, (newHash, oldHash) => save(card.id, newHash, oldHash));
}
