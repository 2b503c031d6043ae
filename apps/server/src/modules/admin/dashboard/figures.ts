// The dashboard's per-day series, pure: instants bucketed into China-time days, every one of the
// last `days` days present (a day without activity shows 0, not a gap).
import { chinaDate } from '@portal/domain';

const DAY_MS = 86_400_000;

export function lastChinaDays(now: Date, days: number): string[] {
  const today = Date.parse(`${chinaDate(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The UTC instant a China-time day starts (00:00 +08:00). */
export function chinaDayStartIso(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString();
}

type Money = readonly { at: string; fen: number }[];

/** Revenue is net of refunds: a refund counts on the day it was done, whichever day the order was paid. */
export function dailySeries(days: string[], activations: readonly string[], payments: Money, refunds: Money = []) {
  const rows = new Map(
    days.map((day) => [day, { day, activations: 0, revenue_fen: 0, orders: 0, refunds_fen: 0, refunds: 0, net_fen: 0 }]),
  );
  for (const at of activations) {
    const row = rows.get(chinaDate(new Date(at)));
    if (row) row.activations += 1;
  }
  for (const p of payments) {
    const row = rows.get(chinaDate(new Date(p.at)));
    if (row) {
      row.revenue_fen += p.fen;
      row.orders += 1;
    }
  }
  for (const r of refunds) {
    const row = rows.get(chinaDate(new Date(r.at)));
    if (row) {
      row.refunds_fen += r.fen;
      row.refunds += 1;
    }
  }
  for (const row of rows.values()) row.net_fen = row.revenue_fen - row.refunds_fen;
  return [...rows.values()];
}
