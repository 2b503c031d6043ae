// One source of "now" so tests can move time (token expiry, SMS code life, usage days).
let offsetMs = 0;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  iso(): string {
    return clock.now().toISOString();
  },
  /** ISO timestamp `ms` from now (negative for the past). */
  isoIn(ms: number): string {
    return new Date(clock.now().getTime() + ms).toISOString();
  },
  /** Test hook: shift the clock forward. */
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};
