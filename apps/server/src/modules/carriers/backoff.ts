// How long to wait before the next try of a carrier call, and how long an account's circuit stays
// open. Pure (the random draw is passed in), so the tables in backoff.test.ts pin them.

/** "Full jitter" (AWS architecture blog): a random wait up to an exponentially growing cap, so
 *  that many cards failing together do not all come back in the same instant. */
export function retryDelayMs(attempt: number, random: number, baseMs = 500, capMs = 10_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(Math.max(0, Math.min(1, random)) * ceiling);
}

/** Account-level failures in a row before the circuit opens. */
export const FAILURES_TO_OPEN = 5;

/** The circuit opens for 30 s at the threshold, doubling with each further failure, at most 10 minutes. */
export function circuitOpenMs(failures: number): number {
  if (failures < FAILURES_TO_OPEN) return 0;
  return Math.min(10 * 60_000, 30_000 * 2 ** (failures - FAILURES_TO_OPEN));
}
