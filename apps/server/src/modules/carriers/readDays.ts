// Which past days a card's sync reads from its platform: a pure rule, so that the round's batches
// (./round.ts) and the card's own read (./gateway.ts) ask for the same days (docs/decisions/0060).
//   - a first read takes every past day the platform still reports (its daily history): a card
//     imported today shows the days the platform knew before it was imported;
//   - a later read takes again the days the platform may still revise (its settle days) and the
//     day before the last read (that read saw it partial), never further back than the platform keeps.
import { addDays } from '../usage';

export interface ReadDaysInput {
  /** China-time YYYY-MM-DD */
  today: string;
  /** the China day of the card's last sync, '' when it was never read */
  lastSyncedDay: string;
  /** how many past days the platform reports (PlatformLimits.dailyHistoryDays) */
  historyDays: number;
  /** how many past days the platform may still revise (PlatformLimits.dailySettleDays) */
  settleDays: number;
}

/** The inclusive range of past days to read (today excluded: it comes from the month figure), or null when none. */
export function pastDaysToRead(p: ReadDaysInput): { from: string; to: string } | null {
  const history = Math.max(0, Math.floor(p.historyDays));
  const oldest = addDays(p.today, -history);
  let from: string;
  if (!p.lastSyncedDay) from = oldest;
  else {
    const settle = addDays(p.today, -Math.max(1, Math.floor(p.settleDays)));
    const partial = addDays(p.lastSyncedDay, -1);
    from = settle < partial ? settle : partial;
  }
  if (from < oldest) from = oldest;
  const to = addDays(p.today, -1);
  return history === 0 || from > to ? null : { from, to };
}
