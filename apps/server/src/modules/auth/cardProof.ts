// Proof of holding a card by its card password (docs/decisions/0028): the one check
// behind binding a card, adding a device with its card, and — for its counters — the card login.
// A guesser is limited where guessing happens: per card AND source (5 wrong in 15 minutes lock
// that source only, so a stranger cannot lock the holder out), per account and per client address
// across all cards (spraying one password over many numbers), and per card across ALL sources
// (docs/decisions/0058: many addresses at one card; past a few guesses each further one waits
// longer). An unknown number, a card without a password and a wrong password answer the same and
// cost the same time, so a guess learns nothing.
import { Code } from '@portal/contract/codes';
import { takeCardGuess, waitInWords } from '@portal/domain/cardGuess';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { AppError } from '../../lib/errors';
import { hashPassword, rehashIfNeeded, verifyPassword } from '../../lib/password';
import { advance, clear, clearPrefix, hit, minutesOf, peek, type ThrottleResult, type ThrottleRow } from '../../lib/throttle';
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
export async function countWrongProof(
  ctx: AppContext,
  src: ProofSource,
  perCard: ThrottleResult,
  message: string,
  guess: CardGuess,
): Promise<AppError> {
  const db = ctx.db.kysely;
  const counts = [await hit(db, KEYS.cardPasswordAddress(src.ip), RULES.cardPasswordAddress)];
  if (src.userId) counts.push(await hit(db, KEYS.cardPasswordAccount(src.userId), RULES.cardPasswordAccount));
  const spent = counts.find((c) => c.locked);
  if (spent) return blocked(spent.retryAfterMs);
  // this guess started the card's wait: say so now, with the holder's way past it
  if (guess.waitMs) return cardWaits(guess.waitMs);
  if (perCard.locked) {
    const minutes = minutesOf(perCard.retryAfterMs);
    return new AppError(Code.LOCKED, `卡密码错误次数过多，该卡号已被锁定${minutes}分钟，请${minutes}分钟后再试`);
  }
  const left = Math.min(perCard.remaining, guess.left, ...counts.map((c) => c.remaining));
  return new AppError(Code.CARD_PASSWORD_WRONG, `${message}，还可尝试${left}次`);
}

/**
 * The card's refusal while it waits (decision 0058), whoever asks: the right password is refused
 * too, or a guesser would learn it. The holder's way past it is named: the code sent to the
 * card's mobile sets a new card password (忘记卡密码), which ends the wait.
 */
function cardWaits(retryAfterMs: number): AppError {
  return new AppError(
    Code.LOCKED,
    `该卡卡密码错误次数过多，需等待${waitInWords(retryAfterMs)}后才能再试；如您持有该卡，可通过“忘记卡密码”用该卡手机号收到的验证码重设卡密码，重设后即可使用`,
  );
}

/** What the card's guess across all sources left: tries before it waits, and the wait it started (0 for none). */
export interface CardGuess {
  left: number;
  waitMs: number;
}

/**
 * Takes one guess from the card's bound across ALL sources (decision 0058) BEFORE the password is
 * compared, in one compare-and-swap on its row: of guesses sent at once from many addresses only
 * the few within the bound are compared, the others are refused (LOCKED) and compare nothing.
 */
export async function takeCardGuessOf(ctx: AppContext, customNum: string): Promise<CardGuess> {
  type Taken = { next: ThrottleRow; left: number; waitMs: number } | { retryAfterMs: number };
  const taken = await advance(ctx.db.kysely, KEYS.cardGuesses(customNum), (row, now): Taken => {
    const t = takeCardGuess(row && { count: row.count, waitUntil: row.locked_until, forgetAt: row.window_ends_at }, now);
    if (!t.allowed) return { retryAfterMs: t.retryAfterMs };
    const next = { count: t.next.count, locked_until: t.next.waitUntil, window_ends_at: t.next.forgetAt };
    return { next, left: t.left, waitMs: t.waitMs };
  });
  if (!('next' in taken)) throw cardWaits(taken.retryAfterMs);
  return { left: taken.left, waitMs: taken.waitMs };
}

/**
 * The holder proved the card another way (the code to its mobile, the console's reset): every
 * source's lock on it and its bound across sources are lifted.
 */
export async function liftCardGuessLimits(db: Executor, customNum: string): Promise<void> {
  await clearPrefix(db, KEYS.cardFailures(customNum, ''));
  await clear(db, KEYS.cardGuesses(customNum));
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

/**
 * A success forgets this source's wrong tries on this card and the card's guesses across sources
 * (the right password within the bound is the holder's proof, decision 0058), never the source's
 * tries across cards.
 */
export async function clearCardAttempts(ctx: AppContext, customNum: string, src: ProofSource): Promise<void> {
  await clear(ctx.db.kysely, KEYS.cardFailures(customNum, sourceKey(src)));
  await clear(ctx.db.kysely, KEYS.cardGuesses(customNum));
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
  // keyed by the number asked, known or not: an unknown number locks and waits like a real one
  const num = card?.custom_num ?? asked;
  const attempt = await reserveCardAttempt(ctx, num, src);
  const guess = await takeCardGuessOf(ctx, num);
  const stored = card?.password_hash || null;
  const good = (await verifyPassword(password, stored ?? (await dummy(ctx.config.passwordHashCost)))) && stored !== null;
  if (!card || !stored || !good) throw await countWrongProof(ctx, src, attempt, message, guess);
  await clearCardAttempts(ctx, card.custom_num, src);
  await rehashIfNeeded(password, stored, ctx.config.passwordHashCost, (newHash, oldHash) => save(card.id, newHash, oldHash));
}
