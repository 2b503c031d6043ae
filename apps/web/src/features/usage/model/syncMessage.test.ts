import { describe, expect, it } from 'vitest';
import { syncMessage, usedPercent } from './syncMessage';

describe('syncMessage', () => {
  it.each([
    [{ refreshed: true, retry_after_seconds: 30 }, '流量数据已更新'],
    [{ refreshed: false, retry_after_seconds: 12 }, '数据刚刚已更新，请12秒后再刷新'],
    [{ refreshed: false, retry_after_seconds: 0 }, '运营商数据暂时无法获取，当前显示上次同步的数据'],
  ])('%j', (answer, text) => expect(syncMessage(answer)).toBe(text));
});

describe('usedPercent', () => {
  it.each([
    [0, 100, 0],
    [25, 100, 25],
    [1, 3, 33.3],
    [150, 100, 100],
    [10, 0, 0],
  ])('%i of %i → %f%%', (used, total, pct) => expect(usedPercent(used, total)).toBe(pct));
});
