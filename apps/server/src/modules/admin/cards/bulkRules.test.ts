// What a bulk action checks of each card before it changes anything (bulkJobs.ts refusal).
import { describe, expect, it } from 'vitest';
import { CardState } from '@portal/contract/enums';
import { refusal } from './bulkJobs';

const card = { state: CardState.Activated, need_change_card: 0, agent_id: 1, package_series_ids: '[1]' };

describe('bulk action refusals', () => {
  it.each([
    ['suspend', {}, {}, null],
    ['suspend', { state: CardState.Stopped }, {}, '已是停机状态'],
    ['suspend', { state: CardState.Cancelled }, {}, '已销户，不能停机'],
    ['resume', { state: CardState.Stopped }, {}, null],
    ['resume', {}, {}, '不是停机状态，无需复机'],
    ['mark_replacement', {}, {}, null],
    ['mark_replacement', { need_change_card: 1 }, {}, '已标记换卡'],
    ['set_series', {}, { seriesId: 2 }, null],
    ['set_series', { package_series_ids: '[2]' }, { seriesId: 2 }, '已是该套餐系列'],
    ['set_series', { package_series_ids: '[1,2]' }, { seriesId: 2 }, null],
    ['move_agent', {}, { agentId: 2 }, null],
    ['move_agent', { agent_id: 2 }, { agentId: 2 }, '已属于该代理'],
    ['move_carrier_account', { carrier_account_id: 1 }, { accountId: 2 }, null],
    ['move_carrier_account', { carrier_account_id: 2 }, { accountId: 2 }, '已在该运营商账号，跳过'],
  ] as const)('%s of %j with %j → %s', (kind, facts, params, expected) => {
    expect(refusal(kind, { ...card, ...facts }, params)).toBe(expected);
  });
});
