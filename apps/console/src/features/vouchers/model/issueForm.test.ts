import { describe, expect, it } from 'vitest';
import { issueBody, targetOf } from './issueForm';

describe('targetOf', () => {
  it.each([
    [
      'cards, split on whitespace, commas and 、',
      { kind: 'cards' as const, custom_nums: '1001\n1002, 1003，1004、1005' },
      { kind: 'cards', custom_nums: ['1001', '1002', '1003', '1004', '1005'] },
    ],
    ['no cards typed', { kind: 'cards' as const }, { kind: 'cards', custom_nums: [] }],
    ['a series', { kind: 'series' as const, series_id: 7 }, { kind: 'series', series_id: 7 }],
    ['an agent', { kind: 'agent' as const, agent_id: 3 }, { kind: 'agent', agent_id: 3 }],
  ])('%s', (_name, fields, target) => expect(targetOf(fields)).toEqual(target));
});

it('issueBody sends fen and the form’s request id', () => {
  expect(
    issueBody('r-1', { kind: 'series', series_id: 2, name: '五元券', amount: 5, min_spend: 19.9, valid_days: 30, reason: '活动补偿' }),
  ).toEqual({
    request_id: 'r-1',
    target: { kind: 'series', series_id: 2 },
    name: '五元券',
    amount_fen: 500,
    min_spend_fen: 1990,
    valid_days: 30,
    package_types: [],
    reason: '活动补偿',
  });
});
