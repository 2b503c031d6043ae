import { describe, expect, it } from 'vitest';
import { CARD_GUESS, takeCardGuess, waitAfterGuess, waitInWords, type CardGuessState } from './cardGuess';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2026-12-02T02:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('the wait after each guess at one card', () => {
  it.each([
    [1, 0],
    [5, 0],
    // the sixth: one more than a single source may make (decision 0028), so one stranger alone never starts it
    [6, 15 * MINUTE],
    [7, 30 * MINUTE],
    [8, HOUR],
    [9, 2 * HOUR],
    [10, 4 * HOUR],
    [11, 8 * HOUR],
    [12, 16 * HOUR],
    [13, 24 * HOUR],
    [14, 24 * HOUR],
    [100, 24 * HOUR],
  ])('guess %i waits %i ms', (n, ms) => expect(waitAfterGuess(n)).toBe(ms));

  it('the free guesses are more than one source may make alone', () => expect(CARD_GUESS.freeGuesses).toBeGreaterThan(5));
});

describe('taking a guess', () => {
  const state = (count: number, waitUntil: string | null, forgetAt: string): CardGuessState => ({ count, waitUntil, forgetAt });

  it.each<[string, CardGuessState | null, object]>([
    ['the first guess at a card', null, { allowed: true, next: state(1, null, at(24 * HOUR)), waitMs: 0, left: 5 }],
    ['the fifth', state(4, null, at(HOUR)), { allowed: true, next: state(5, null, at(24 * HOUR)), waitMs: 0, left: 1 }],
    [
      'the sixth starts the first wait, remembered a day after it ends',
      state(5, null, at(HOUR)),
      { allowed: true, next: state(6, at(15 * MINUTE), at(15 * MINUTE + 24 * HOUR)), waitMs: 15 * MINUTE, left: 0 },
    ],
    [
      'a guess during the wait is refused with what is left of it',
      state(6, at(10 * MINUTE), at(25 * HOUR)),
      { allowed: false, retryAfterMs: 10 * MINUTE },
    ],
    ['one during the longest wait', state(20, at(23 * HOUR), at(47 * HOUR)), { allowed: false, retryAfterMs: 23 * HOUR }],
    [
      'the guess after a wait ends doubles the next',
      state(6, at(-1), at(24 * HOUR)),
      { allowed: true, next: state(7, at(30 * MINUTE), at(30 * MINUTE + 24 * HOUR)), waitMs: 30 * MINUTE, left: 0 },
    ],
    ['the wait ends exactly now: allowed', state(6, at(0), at(24 * HOUR)), { allowed: true, waitMs: 30 * MINUTE }],
    [
      'past the cap the wait stays a day',
      state(30, at(-1), at(24 * HOUR)),
      { allowed: true, next: state(31, at(24 * HOUR), at(48 * HOUR)), waitMs: 24 * HOUR },
    ],
    [
      'a day quiet after the last wait: forgotten, counted from one',
      state(9, at(-25 * HOUR), at(-HOUR)),
      { allowed: true, next: state(1, null, at(24 * HOUR)), left: 5 },
    ],
    ['forgotten exactly now', state(3, null, at(0)), { allowed: true, next: state(1, null, at(24 * HOUR)) }],
  ])('%s', (_, before, expected) => expect(takeCardGuess(before, NOW)).toMatchObject(expected));

  it('twenty guesses in a row: six are allowed, then every one waits', () => {
    let s: CardGuessState | null = null;
    const allowed = [];
    for (let i = 0; i < 20; i++) {
      const t = takeCardGuess(s, NOW);
      allowed.push(t.allowed);
      if (t.allowed) s = t.next;
    }
    expect(allowed.filter(Boolean)).toHaveLength(6);
    expect(allowed.slice(0, 6).every(Boolean)).toBe(true);
  });
});

describe('a wait in words', () => {
  it.each([
    [1, '1分钟'],
    [MINUTE, '1分钟'],
    [MINUTE + 1, '2分钟'],
    [15 * MINUTE, '15分钟'],
    [59 * MINUTE + 1, '1小时'],
    [HOUR, '1小时'],
    [90 * MINUTE, '1小时30分钟'],
    [24 * HOUR, '24小时'],
    [0, '1分钟'],
  ])('%i ms is %s', (ms, words) => expect(waitInWords(ms)).toBe(words));
});
