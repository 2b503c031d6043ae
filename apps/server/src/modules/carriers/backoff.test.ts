import { describe, expect, it } from 'vitest';
import { circuitOpenMs, FAILURES_TO_OPEN, retryDelayMs } from './backoff';

describe('retryDelayMs: full jitter under a doubling cap', () => {
  it.each([
    [0, 1, 500],
    [1, 1, 1000],
    [2, 1, 2000],
    [4, 1, 8000],
    [5, 1, 10_000],
    [20, 1, 10_000],
    [3, 0, 0],
    [3, 0.5, 2000],
    [3, 2, 4000],
    [-1, 1, 500],
  ])('attempt %i, draw %d → %i ms', (attempt, random, want) => {
    expect(retryDelayMs(attempt, random)).toBe(want);
  });
});

describe('circuitOpenMs', () => {
  it.each([
    [0, 0],
    [FAILURES_TO_OPEN - 1, 0],
    [FAILURES_TO_OPEN, 30_000],
    [FAILURES_TO_OPEN + 1, 60_000],
    [FAILURES_TO_OPEN + 4, 480_000],
    [FAILURES_TO_OPEN + 5, 600_000],
    [FAILURES_TO_OPEN + 50, 600_000],
  ])('%i failures in a row → open %i ms', (failures, want) => {
    expect(circuitOpenMs(failures)).toBe(want);
  });
});
