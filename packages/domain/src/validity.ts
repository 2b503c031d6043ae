// "Valid until": ONE rule for every package, card and voucher expiry shown to the user.
// The server stores an expiry as the instant the thing stops working (exclusive end: a monthly
// package bought in November ends at 2026-12-01T00:00 China time). The user reads the LAST DAY it
// still works, in China time (docs/spec/decisions.md "API": business dates are China time), so
// that the banner, the package card and the card facts all say 2026-11-30.
import { chinaDate, isEmptyDate } from './format';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The last China-time day a period ending (exclusively) at `end` still works: the day of the
 * instant just before the end. A bare "YYYY-MM-DD" is taken as already being that last day.
 * "" for an empty, zero or unparsable value.
 */
export function lastValidDay(end: string | null | undefined): string {
  if (isEmptyDate(end)) return '';
  if (DATE_ONLY.test(end!)) return end!;
  const t = Date.parse(end!);
  return Number.isNaN(t) ? '' : chinaDate(new Date(t - 1));
}

/** The one formatter of an expiry: "YYYY-MM-DD" (the last day it works), "-" when there is none. */
export function formatValidUntil(end: string | null | undefined): string {
  return lastValidDay(end) || '-';
}

/**
 * Whole days from today (China time) to the last valid day: 0 = ends today, 1 = works tomorrow
 * too, negative = over. null when there is no expiry.
 */
export function daysLeft(end: string | null | undefined, now: Date): number | null {
  const last = lastValidDay(end);
  if (!last) return null;
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${chinaDate(now)}T00:00:00Z`)) / DAY_MS);
}

/** A package ending within this many days (China time) is worth a reminder (the home hint, /cpe_remind). */
export const EXPIRY_WARNING_DAYS = 7;
