import { describe, expect, it } from 'vitest';
import { presenceOf, taskCounts } from './overview';

describe('a device in the list', () => {
  it.each([
    [{ reachable: true, online: true }, '在线'],
    [{ reachable: true, online: false }, '离线'],
    [{ reachable: false, online: false }, '无法连接'],
  ])('%j is %s', (row, text) => {
    expect(presenceOf(row).text).toBe(text);
  });

  const task = (state: string, kind = 'wifi') => ({ state, kind }) as never;
  it.each([
    [[], ''],
    [[task('pending'), task('pending'), task('failed')], '待生效 2 · 失败 1'],
    [[task('pending', 'firmware')], '待生效 1 · 固件 1'],
  ])('tasks %# read %s', (tasks, text) => {
    expect(taskCounts({ tasks })).toBe(text);
  });
});
