import { describe, expect, it } from 'vitest';
import type { PlatformLimits } from '../../integrations/carrier/adapter';
import { inFlightAt } from './adapters';

const ours: PlatformLimits = { callsPerSecond: 5, concurrency: 2, dailyBatchSize: 100, dailyHistoryDays: 7 };
const documented: PlatformLimits = { callsPerSecond: 5, concurrency: 1, fixedConcurrency: true, dailyBatchSize: 1, dailyHistoryDays: 1 };

describe('calls in flight for the rate an account is granted', () => {
  it.each([
    ['our bound at the default rate', ours, 5, 2],
    ['our bound below it', ours, 2, 2],
    ['in proportion above it', ours, 12, 5],
    ['in proportion at 40 a second', ours, 40, 16],
    ['never more than 16', ours, 100, 16],
    ['a documented bound whatever the rate', documented, 100, 1],
  ])('%s', (_what, limits, rate, want) => {
    expect(inFlightAt(limits, rate)).toBe(want);
  });
});
