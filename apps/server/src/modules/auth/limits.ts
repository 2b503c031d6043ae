import type { ThrottleRule } from '../../lib/throttle';

// Limits of the login and SMS endpoints, in one place. Chosen for phones behind carrier NAT:
// many honest users can share one address, so per-address limits are generous and the tight
// limits sit on the thing being attacked (an account, a card, a phone number, a code).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CHINA_OFFSET_MS = 8 * HOUR;

/** Next midnight in China time: the daily SMS cap resets with the user's calendar day. */
export function nextChinaMidnight(now: Date): Date {
  const t = new Date(now.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + 1) - CHINA_OFFSET_MS);
}

export const SMS_CODE_TTL_MS = 5 * MINUTE;
/** wrong entries that burn a code (the attempt is counted before the code is compared) */
export const SMS_CODE_MAX_ATTEMPTS = 5;

export const RULES = {
  /** one code per phone number and purpose per minute */
  smsCooldown: { limit: 1, windowMs: MINUTE },
  /** codes per phone number per China calendar day, all purposes together */
  smsDaily: { limit: 10, windowMs: 24 * HOUR, windowEndsAt: nextChinaMidnight },
  /** codes requested from one client address per hour */
  smsAddress: { limit: 30, windowMs: HOUR },
  /** login attempts (any model) from one client address per 10 minutes */
  loginAddress: { limit: 100, windowMs: 10 * MINUTE },
  /** failed logins from one client address: the 30th in an hour blocks the address for 15 minutes */
  loginFailAddress: { limit: 30, windowMs: HOUR, lockMs: 15 * MINUTE },
  /** wrong passwords for one account or card: the 5th locks it for 15 minutes; a success resets */
  passwordFailures: { limit: 5, windowMs: 24 * HOUR, lockMs: 15 * MINUTE },
  /**
   * wrong card passwords from one account across ALL cards (binds and device adds): the 10th in an
   * hour blocks the account's card-password tries for an hour. Limiting per card alone let one
   * account spray guesses over many cards (docs/decisions/0028); a holder with the card in hand needs one try.
   */
  cardPasswordAccount: { limit: 10, windowMs: HOUR, lockMs: HOUR },
  /**
   * wrong card passwords from one client address across all cards (binds, device adds and card
   * logins): looser than per account because carrier NAT puts many honest phones behind one address.
   */
  cardPasswordAddress: { limit: 20, windowMs: HOUR, lockMs: HOUR },
  /** card password resets tried from one client address per 10 minutes */
  resetAddress: { limit: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export const KEYS = {
  smsCooldown: (purpose: string, mobile: string) => `sms:cooldown:${purpose}:${mobile}`,
  smsDaily: (mobile: string) => `sms:day:${mobile}`,
  smsAddress: (ip: string) => `sms:ip:${ip}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginFailAddress: (ip: string) => `login_fail:ip:${ip}`,
  /** a known user: one counter whether they log in by account name or by mobile as account */
  userFailures: (userId: number) => `login_fail:user:${userId}`,
  /** an unknown account name locks like a real one, so lockouts do not reveal which accounts exist */
  accountFailures: (account: string) => `login_fail:account:${account.toLowerCase()}`,
  /**
   * wrong passwords for one card FROM ONE SOURCE (`user:<id>` for a bind, `ip:<address>` for a card
   * login): the 5-per-15-minutes lock falls on the guesser, so a stranger failing five times locks
   * only themselves, never the holder's own logins (docs/decisions/0028).
   */
  cardFailures: (customNum: string, source: string) => `login_fail:card:${customNum}:${source}`,
  /**
   * guesses at one card from ALL sources together (docs/decisions/0058, @portal/domain cardGuess):
   * past a few, each further guess waits longer; a success or the holder's SMS reset forgets them.
   */
  cardGuesses: (customNum: string) => `card_guess:${customNum}`,
  cardPasswordAccount: (userId: number) => `card_pw_fail:user:${userId}`,
  cardPasswordAddress: (ip: string) => `card_pw_fail:ip:${ip}`,
  resetAddress: (ip: string) => `card_reset:ip:${ip}`,
};
