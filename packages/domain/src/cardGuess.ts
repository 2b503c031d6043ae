// A bound per card across all sources on card-password guesses (docs/decisions/0058). Decision 0028
// limits each source (an account, an address), which does nothing against many addresses at once:
// 20 addresses got 20 compares. This rule counts every guess at one card, whoever sends it, and
// past a few failures makes each further guess wait longer — 15 minutes, doubling, at most a day.
// The holder is never held by it: their account already holds the card (no password is asked),
// and the code sent to the card's mobile sets a new card password, which lifts the bound.
//
// A guess is counted BEFORE its password is compared (as a failure: a success forgets the count),
// so a guess taken while another is being compared still sees it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface CardGuessRule {
  /** guesses a card takes without waiting (all sources together) */
  freeGuesses: number;
  /** the wait after the first guess past them; each further guess doubles it */
  firstWaitMs: number;
  /** the longest wait */
  maxWaitMs: number;
  /** a card forgets its failures after this long without a guess once any wait has ended */
  quietMs: number;
}

export const CARD_GUESS: CardGuessRule = {
  // one more than a single source's own lock (5, decision 0028): one stranger failing locks only
  // themselves; the card waits only when guesses come from more than one place
  freeGuesses: 6,
  firstWaitMs: 15 * MINUTE,
  maxWaitMs: 24 * HOUR,
  quietMs: 24 * HOUR,
};

/** The wait that the n-th counted guess (1-based, since the card last proved or was forgotten) starts. */
export function waitAfterGuess(n: number, rule: CardGuessRule = CARD_GUESS): number {
  if (n < rule.freeGuesses) return 0;
  return Math.min(rule.firstWaitMs * 2 ** (n - rule.freeGuesses), rule.maxWaitMs);
}

/** What is kept per card: guesses counted, until when it must wait, until when it remembers them (ISO). */
export interface CardGuessState {
  count: number;
  waitUntil: string | null;
  forgetAt: string;
}

export type CardGuessTake =
  /** this guess may be compared; `next` is what to keep; `waitMs` the wait it starts (0 for none) */
  | { allowed: true; next: CardGuessState; waitMs: number; left: number }
  /** refused without comparing anything: the card waits this much longer */
  | { allowed: false; retryAfterMs: number };

/** One guess at a card now: allowed (and counted) unless the card is waiting. */
export function takeCardGuess(state: CardGuessState | null, now: Date, rule: CardGuessRule = CARD_GUESS): CardGuessTake {
  const nowMs = now.getTime();
  const waitEnd = state?.waitUntil ? Date.parse(state.waitUntil) : 0;
  if (waitEnd > nowMs) return { allowed: false, retryAfterMs: waitEnd - nowMs };
  const remembered = state && Date.parse(state.forgetAt) > nowMs ? state.count : 0;
  const count = remembered + 1;
  const waitMs = waitAfterGuess(count, rule);
  const waitUntil = waitMs ? new Date(nowMs + waitMs) : null;
  return {
    allowed: true,
    next: {
      count,
      waitUntil: waitUntil?.toISOString() ?? null,
      forgetAt: new Date((waitUntil?.getTime() ?? nowMs) + rule.quietMs).toISOString(),
    },
    waitMs,
    left: Math.max(0, rule.freeGuesses - count),
  };
}

/** A wait in words, rounded up to the minute: "15分钟", "2小时", "1小时30分钟". */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m}分钟`;
  return m ? `${h}小时${m}分钟` : `${h}小时`;
}
