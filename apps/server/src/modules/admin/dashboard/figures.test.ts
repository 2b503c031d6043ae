import { describe, expect, it } from 'vitest';
import { chinaDayStartIso, dailySeries, lastChinaDays } from './figures';

describe('dashboard days', () => {
  it('counts China-time days: 16:00 UTC is already the next day', () => {
    expect(lastChinaDays(new Date('2026-03-01T16:30:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(chinaDayStartIso('2026-03-02')).toBe('2026-03-01T16:00:00.000Z');
  });

  it('puts each event on its China day and keeps empty days', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const series = dailySeries(
      days,
      ['2026-03-01T15:59:59Z', '2026-03-01T16:00:00Z'],
      [
        { at: '2026-03-02T01:00:00Z', fen: 3000 },
        { at: '2026-03-02T02:00:00Z', fen: 500 },
        { at: '2026-01-01T00:00:00Z', fen: 999 },
      ],
    );
    expect(series).toEqual([
      { day: '2026-03-01', activations: 1, revenue_fen: 0, orders: 0, refunds_fen: 0, refunds: 0, net_fen: 0 },
      { day: '2026-03-02', activations: 1, revenue_fen: 3500, orders: 2, refunds_fen: 0, refunds: 0, net_fen: 3500 },
      { day: '2026-03-03', activations: 0, revenue_fen: 0, orders: 0, refunds_fen: 0, refunds: 0, net_fen: 0 },
    ]);
  });

  it('takes refunds off the day they were done, which may leave a day below zero', () => {
    const days = ['2026-03-01', '2026-03-02'];
    const series = dailySeries(
      days,
      [],
      [{ at: '2026-03-01T01:00:00Z', fen: 3000 }],
      [
        // the order of the 1st refunded on the 2nd (China time: 17:00 UTC is the next day)
        { at: '2026-03-01T17:00:00Z', fen: 3000 },
        { at: '2026-02-01T00:00:00Z', fen: 999 },
      ],
    );
    expect(series.map((d) => [d.day, d.revenue_fen, d.refunds_fen, d.refunds, d.net_fen])).toEqual([
      ['2026-03-01', 3000, 0, 0, 3000],
      ['2026-03-02', 0, 3000, 1, -3000],
    ]);
  });
});
