// Arithmetic on China-time business dates kept as "YYYY-MM-DD" strings (docs/spec/decisions.md
// "API": usage days, month resets and expiries are China time). A date string is treated as a UTC
// calendar day, so adding days never meets a DST or local-time-zone surprise.
import { chinaDate } from '@portal/domain';
import { lastValidDay } from '@portal/domain/validity';

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive list of days from `from` to `to` (empty when from > to). */
export function dayRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** "YYYY-MM" months from `from` to `to` inclusive, newest first. */
export function monthsDescending(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = to.split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month < from) break;
    out.push(month);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

/** The China-time day an instant (ISO) falls on; "" for an empty or unparsable value. */
export function chinaDayOf(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : chinaDate(new Date(t));
}

/** The last China-time day a period ending (exclusively) at `endIso` covers: the one "valid until" rule of @portal/domain. */
export function lastChinaDayBefore(endIso: string): string {
  return lastValidDay(endIso);
}
