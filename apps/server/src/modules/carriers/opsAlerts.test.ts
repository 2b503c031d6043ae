// The operations team's alerts (opsAlerts.ts), table by table: which states make one episode, and
// the words of its start and end.
import { describe, expect, it } from 'vitest';
import { episodeOf, opsMessage } from './opsAlerts';

describe('the episode a state belongs to', () => {
  it.each([
    ['auth', 'auth'],
    ['resting', 'resting'],
    // between two rests the account is 异常: the same outage, not a new alert
    ['failing', 'resting'],
    ['round_failed', 'round_failed'],
    ['ok', ''],
    ['never', ''],
    ['disabled', ''],
  ] as const)('%s → %j', (state, episode) => {
    expect(episodeOf(state)).toBe(episode);
  });
});

describe('the message of an episode', () => {
  it.each([
    ['auth', '平台拒绝了账号或密钥…', '运营商账号「电信-华东」密钥被拒', '平台拒绝了账号或密钥…'],
    ['resting', '连续失败 5 次…', '运营商账号「电信-华东」暂停调用', '连续失败 5 次…'],
    ['round_failed', '最近一轮…', '运营商账号「电信-华东」同步失败', '最近一轮…'],
    ['', '', '运营商账号「电信-华东」已恢复', '已恢复正常同步'],
  ] as const)('%j → %s', (episode, detail, title, body) => {
    expect(opsMessage('电信-华东', episode, detail)).toEqual({ title, body });
  });
});
