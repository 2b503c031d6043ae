// The month's figures from a platform that keeps few days (docs/decisions/0030). Platforms answer
// the month to date exactly, but daily figures only for the last few days. The portal stores one
// row per day (card_flow_daily) and every period figure is their sum, so the month's rows must add
// up to the platform's month figure: today's row is what the month figure leaves after the other
// days of the month on record. On a card's first read, days of the month before the platform's
// window are not on record: the part of the month they account for goes on the last of those days
// (never on today, whose own figure the platform gave), so today's bar is not inflated by them.

export interface MonthReconcile {
  /** China-time YYYY-MM-DD */
  today: string;
  /** KB the platform reports for the month to date */
  monthKb: number;
  /** KB per day of this month before today, on record or just read */
  known: ReadonlyMap<string, number>;
  /** the platform's own figure for today so far, when it was read */
  todayKb?: number;
  /** the last day of this month before the platform's window with no record (first read), if any */
  uncoveredDay?: string;
}

export interface ReconciledDays {
  todayKb: number;
  /** the month's unexplained remainder, on the uncovered day */
  earlier?: { day: string; kb: number };
}

export function reconcileMonth(r: MonthReconcile): ReconciledDays {
  const month = r.today.slice(0, 7);
  let knownKb = 0;
  for (const [day, kb] of r.known) if (day.slice(0, 7) === month && day < r.today) knownKb += kb;
  // a platform's month figure can trail its daily ones by a little: never a negative day
  const rest = Math.max(0, Math.round(r.monthKb) - knownKb);
  if (r.uncoveredDay && r.uncoveredDay.slice(0, 7) === month && r.todayKb !== undefined) {
    const todayKb = Math.min(Math.max(0, Math.round(r.todayKb)), rest);
    return { todayKb, earlier: { day: r.uncoveredDay, kb: rest - todayKb } };
  }
  return { todayKb: rest };
}
