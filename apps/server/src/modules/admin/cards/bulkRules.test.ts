// The rules of a bulk job (bulkRules.ts), table by table: the cards a request names, the kept
// parameters, what each action checks of a card, the change and its audit words, the counts.
import { describe, expect, it } from 'vitest';
import { BULK_MAX_CARDS } from '@portal/contract/admin';
import { CardState } from '@portal/contract/enums';
import {
  cardCountProblem,
  cardFailure,
  cardNumbersOf,
  changeOf,
  crossCarrierCards,
  crossCarrierProblem,
  itemCountsOf,
  paramsJson,
  paramsOf,
  refusal,
  type CardFacts,
} from './bulkRules';

const card = { state: CardState.Activated, need_change_card: 0, agent_id: 1, package_series_ids: '[1]' };
const facts: CardFacts = { ...card, id: 7, custom_num: '1440000000007', carrier_account_id: 1 };

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
    ['set_series', { package_series_ids: 'not json' }, { seriesId: 2 }, null],
    ['move_agent', {}, { agentId: 2 }, null],
    ['move_agent', { agent_id: 2 }, { agentId: 2 }, '已属于该代理'],
    ['move_carrier_account', { carrier_account_id: 1 }, { accountId: 2 }, null],
    ['move_carrier_account', { carrier_account_id: 2 }, { accountId: 2 }, '已在该运营商账号，跳过'],
  ] as const)('%s of %j with %j → %s', (kind, over, params, expected) => {
    expect(refusal(kind, { ...card, ...over }, params)).toBe(expected);
  });
});

describe('the cards a request names', () => {
  it.each([
    [['1440000000001'], ['1440000000001']],
    [[' 1440000000001 ', '1440000000001'], ['1440000000001']],
    [
      ['1440000000002', '', '  ', '1440000000001'],
      ['1440000000002', '1440000000001'],
    ],
    [[], []],
  ])('%j → %j', (raw, expected) => {
    expect(cardNumbersOf(raw)).toEqual(expected);
  });

  it.each([
    [0, '请至少选择一张卡'],
    [1, null],
    [BULK_MAX_CARDS, null],
    [BULK_MAX_CARDS + 1, `一次最多 ${BULK_MAX_CARDS} 张卡`],
  ])('%d cards → %s', (n, expected) => {
    expect(cardCountProblem(Array.from({ length: n }, (_, i) => String(i)))).toBe(expected);
  });
});

describe('the parameters a job keeps', () => {
  it.each([
    [{}, '{}', {}],
    [{ seriesId: 3 }, '{"series_id":3}', { seriesId: 3 }],
    [{ agentId: 4 }, '{"agent_id":4}', { agentId: 4 }],
    [
      { accountId: 5, accountName: '移动甲' },
      '{"carrier_account_id":5,"carrier_account_name":"移动甲"}',
      // the name is for the job's page; the run reads the account as it is now
      { accountId: 5 },
    ],
  ])('%j kept as %s, run with %j', (params, json, run) => {
    expect(paramsJson(params)).toBe(json);
    expect(paramsOf(json)).toEqual({ seriesId: undefined, agentId: undefined, accountId: undefined, ...run });
  });
});

describe('one card of a running job', () => {
  const open = { seriesAgent: 1, accountOpen: true };
  it.each([
    ['no card has the number', 'suspend', undefined, true, {}, open, { message: '卡号不存在', keepsCard: false }],
    ["another agent's card", 'suspend', facts, false, {}, open, { message: '卡号不存在', keepsCard: false }],
    ['refused by the action', 'resume', facts, true, {}, open, { message: '不是停机状态，无需复机', keepsCard: true }],
    [
      "a series of another agent than the card's",
      'set_series',
      facts,
      true,
      { seriesId: 2 },
      { ...open, seriesAgent: 9 },
      { message: '套餐系列不属于该卡的代理', keepsCard: true },
    ],
    ['a series of the card’s agent', 'set_series', facts, true, { seriesId: 2 }, open, null],
    // the card's agent 1 under 7 under 9 (docs/decisions/0067): a series of an agent above it fits, a sibling's does not
    ...(
      [
        [9, null],
        [7, null],
        [8, { message: '套餐系列不属于该卡的代理', keepsCard: true }],
      ] as const
    ).map(
      ([seriesAgent, expected]) =>
        [
          `a series of agent ${seriesAgent} for a card of agent 1 under 7 under 9`,
          'set_series',
          facts,
          true,
          { seriesId: 2 },
          {
            ...open,
            seriesAgent,
            parentOf: new Map<number, number | null>([
              [1, 7],
              [7, 9],
              [9, null],
              [8, 9],
            ]),
          },
          expected,
        ] as const,
    ),
    [
      'an account closed since the job was asked',
      'move_carrier_account',
      facts,
      true,
      { accountId: 2 },
      { ...open, accountOpen: false },
      { message: '目标运营商账号已停用或不可用', keepsCard: true },
    ],
    ['an open account', 'move_carrier_account', facts, true, { accountId: 2 }, open, null],
    ['a card to suspend', 'suspend', facts, true, {}, { seriesAgent: null, accountOpen: false }, null],
  ] as const)('%s → %j', (_, kind, c, visible, params, target, expected) => {
    expect(cardFailure(kind, c, visible, params, target)).toEqual(expected);
  });
});

describe('the change of a card and its audit words', () => {
  const names = new Map([
    [1, '模拟'],
    [2, '移动甲'],
  ]);
  it.each([
    [
      'suspend',
      {},
      {
        action: 'card.suspended',
        set: { state: CardState.Stopped, stop_reason: '管控停机' },
        before: { state: CardState.Activated },
        after: { state: CardState.Stopped, stop_reason: '管控停机' },
      },
    ],
    [
      'resume',
      {},
      {
        action: 'card.resumed',
        set: { state: CardState.Activated, stop_reason: '' },
        before: { state: CardState.Activated },
        after: { state: CardState.Activated },
      },
    ],
    [
      'mark_replacement',
      {},
      { action: 'card.marked_replacement', set: { need_change_card: 1 }, before: { need_change_card: 0 }, after: { need_change_card: 1 } },
    ],
    [
      'set_series',
      { seriesId: 2 },
      {
        action: 'card.series_set',
        set: { package_series_ids: '[2]' },
        before: { package_series_ids: [1] },
        after: { package_series_ids: [2] },
      },
    ],
    ['move_agent', { agentId: 3 }, { action: 'card.agent_moved', set: { agent_id: 3 }, before: { agent_id: 1 }, after: { agent_id: 3 } }],
    [
      'move_carrier_account',
      { accountId: 2 },
      {
        action: 'card.carrier_account_moved',
        set: null,
        before: { carrier_account_id: 1, carrier_account: '模拟' },
        after: { carrier_account_id: 2, carrier_account: '移动甲' },
      },
    ],
  ] as const)('%s with %j', (kind, params, expected) => {
    expect(changeOf(kind, facts, params, names)).toEqual(expected);
  });
});

describe("a job's counts", () => {
  it.each([
    [[], { ok: 0, failed: 0, pending: 0 }],
    [
      [
        { status: 'ok', n: '3' },
        { status: 'failed', n: 1 },
      ],
      { ok: 3, failed: 1, pending: 0 },
    ],
    [
      [
        { status: 'pending', n: 2 },
        { status: 'other', n: 5 },
      ],
      { ok: 0, failed: 0, pending: 2 },
    ],
  ])('%j → %j', (rows, expected) => {
    expect(itemCountsOf(rows)).toEqual(expected);
  });
});

describe("a move onto another carrier's account (ICCID issuer code against the account's network)", () => {
  const MOBILE = '89860023000000000001';
  const UNICOM = '89860119000000000001';
  const TELECOM = '89860317000000000001';
  it.each([
    // target network, cards' ICCIDs, the cards judged crossing (number, issuer)
    [1, [MOBILE, '89860423000000000002'], []],
    [1, [UNICOM], [['c0', 2]]],
    [
      1,
      [MOBILE, UNICOM, TELECOM],
      [
        ['c1', 2],
        ['c2', 3],
      ],
    ],
    [2, [UNICOM, '89860619000000000002', '89861019000000000003'], []],
    [3, [MOBILE], [['c0', 1]]],
    // not judged: no ICCID, another country's, an unknown or 广电 issuer — the platform will say
    [1, ['', '89440119000000000001', '89869919000000000001', '89861524000000000001'], []],
    // the simulator (or a kind without a network) takes any card
    [null, [UNICOM, TELECOM], []],
  ] as const)('onto network %s: %j → %j', (network, iccids, crossing) => {
    const cards = iccids.map((iccid, i) => ({ custom_num: `c${i}`, iccid, carrier_account_id: 1 }));
    expect(crossCarrierCards(cards, { id: 9, network }).map((c) => [c.custom_num, c.issuer])).toEqual(crossing);
  });

  it('a card already on the account is not moved (the job skips it), so not judged', () => {
    const cards = [
      { custom_num: 'there', iccid: UNICOM, carrier_account_id: 9 },
      { custom_num: 'moving', iccid: UNICOM, carrier_account_id: 1 },
    ];
    expect(crossCarrierCards(cards, { id: 9, network: 1 })).toEqual([{ custom_num: 'moving', issuer: 2 }]);
  });

  it('says how many, names a few with their carrier, and how to go on; nothing when none crosses', () => {
    expect(crossCarrierProblem([], { name: 'x', network: 1 })).toBeNull();
    expect(crossCarrierProblem([{ custom_num: '1000000001', issuer: 2 }], { name: '移动-华东', network: 1 })).toBe(
      '1 张卡的 ICCID 不属于中国移动，不能移至运营商账号「移动-华东」：1000000001（中国联通）。' +
        '该平台不认识这些卡，移入后无法同步与停复机。如确需移动（如已转网），请勾选“确认跨运营商移动”并在原因中说明',
    );
    const many = Array.from({ length: 7 }, (_, i) => ({ custom_num: `10000000${i}`, issuer: 3 }));
    const text = crossCarrierProblem(many, { name: 'a', network: 2 })!;
    expect(text).toMatch(/^7 张卡的 ICCID 不属于中国联通/);
    expect(text).toContain('100000004（中国电信） 等。');
    expect(text).not.toContain('100000005');
  });
});
