// The month's figures from a platform that keeps few days (docs/decisions/0030). Platforms answer
// the month (or billing cycle: `periodStart`) to date exactly, but daily figures only for the last
// few days. The portal stores one row per day (card_flow_daily) and every period figure is their
// sum, so the period's rows must add up to the platform's figure: today's row is what that figure
// leaves after the other days of the period on record. On a card's first read, days of the period
// before the platform's window are not on record: the part they account for goes on the last of
// those days (never on today, whose own figure the platform gave), so today's bar is not inflated.

export interface MonthReconcile {
  /** China-time YYYY-MM-DD */
  today: string;
  /** the first day the platform's figure counts (the 1st of the month, or a billing cycle's start) */
  periodStart: string;
  /** KB the platform reports for the period to date */
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
  const inPeriod = (day: string) => day >= r.periodStart && day < r.today;
  let knownKb = 0;
  for (const [day, kb] of r.known) if (inPeriod(day)) knownKb += kb;
  // a platform's month figure can trail its daily ones by a little: never a negative day
  const rest = Math.max(0, Math.round(r.monthKb) - knownKb);
  if (r.uncoveredDay && inPeriod(r.uncoveredDay) && r.todayKb !== undefined) {
    const todayKb = Math.min(Math.max(0, Math.round(r.todayKb)), rest);
    return { todayKb, earlier: { day: r.uncoveredDay, kb: rest - todayKb } };
  }
  return { todayKb: rest };
}

/** The first day of the period containing `today` for a figure counted from `startDay` of each month (1: the calendar month). */
export function periodStartOf(today: string, startDay = 1): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const day = Math.min(Math.max(1, Math.floor(startDay)), 28);
  if (d >= day) return `${today.slice(0, 7)}-${String(day).padStart(2, '0')}`;
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  return `${prev}-${String(day).padStart(2, '0')}`;
}
