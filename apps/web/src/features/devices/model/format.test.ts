import { describe, expect, it } from 'vitest';
import { formatUptime, presenceText } from './format';

describe('formatUptime', () => {
  it.each([
    [0, '0分钟'],
    [59, '0分钟'],
    [300, '5分钟'],
    [2 * 3600 + 600, '2小时10分钟'],
    [3 * 86400 + 5 * 3600 + 59, '3天5小时'],
  ])('%i s → %s', (s, want) => {
    expect(formatUptime(s)).toBe(want);
  });
});

describe('presenceText', () => {
  it.each([
    [{ online: true, reachable: true }, '在线'],
    [{ online: false, reachable: true }, '离线'],
    [{ online: false, reachable: false }, '状态未知'],
    [{ online: true, reachable: false }, '状态未知'],
  ])('%o → %s', (d, want) => {
    expect(presenceText(d)).toBe(want);
  });
});
