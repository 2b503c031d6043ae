import { describe, expect, it } from 'vitest';
import { pastDaysToRead } from './readDays';

describe('pastDaysToRead: the past days a sync reads from its platform', () => {
  it.each([
    [
      'first read: every day the platform reports (OneLink 7)',
      { today: '2026-11-20', lastSyncedDay: '', historyDays: 7, settleDays: 2 },
      { from: '2026-11-13', to: '2026-11-19' },
    ],
    [
      'first read: a 28-day window crosses the month',
      { today: '2026-11-03', lastSyncedDay: '', historyDays: 28, settleDays: 1 },
      { from: '2026-10-06', to: '2026-11-02' },
    ],
    [
      'read again the same day: the settle days',
      { today: '2026-11-20', lastSyncedDay: '2026-11-20', historyDays: 7, settleDays: 2 },
      { from: '2026-11-18', to: '2026-11-19' },
    ],
    [
      'read again after 4 days: from the day before the last read',
      { today: '2026-11-20', lastSyncedDay: '2026-11-16', historyDays: 7, settleDays: 2 },
      { from: '2026-11-15', to: '2026-11-19' },
    ],
    [
      'not read for weeks: no further back than the platform keeps',
      { today: '2026-11-20', lastSyncedDay: '2026-10-01', historyDays: 7, settleDays: 2 },
      { from: '2026-11-13', to: '2026-11-19' },
    ],
    ['a platform without daily history: nothing', { today: '2026-11-20', lastSyncedDay: '', historyDays: 0, settleDays: 1 }, null],
    [
      'settle days below one count as one (yesterday is always read again)',
      { today: '2026-11-20', lastSyncedDay: '2026-11-20', historyDays: 7, settleDays: 0 },
      { from: '2026-11-19', to: '2026-11-19' },
    ],
  ])('%s', (_name, input, want) => {
    expect(pastDaysToRead(input)).toEqual(want);
  });
});
