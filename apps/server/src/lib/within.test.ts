import { describe, expect, it } from 'vitest';
import { within } from './within';

const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
const failAfter = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('down')), ms));

describe('within: an optional answer within a budget', () => {
  it.each([
    ['an answer in time', () => after(5, 'read'), 'read'],
    ['an answer too late', () => after(200, 'read'), null],
    ['an answer at once', () => Promise.resolve('read'), 'read'],
  ])('%s', async (_name, work, want) => {
    expect(await within(work(), 50, null)).toBe(want);
  });

  it('an error in time is thrown; an error too late is ignored (no unhandled rejection)', async () => {
    await expect(within(failAfter(5), 50, null)).rejects.toThrow('down');
    expect(await within(failAfter(100), 20, 'fallback')).toBe('fallback');
    await after(120, null); // the late rejection has come and gone
  });
});
