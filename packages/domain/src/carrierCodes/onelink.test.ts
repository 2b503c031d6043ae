import { CardState } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { decodeStopReason } from '../stopReason';
import {
  formatTransid,
  ONELINK_CT_STATES,
  ONELINK_PB_STATES,
  ONELINK_STOP_POSITIONS,
  onelinkCardState,
  onelinkLineMissing,
  onelinkStopReason,
} from './onelink';

describe('OneLink-CT card states', () => {
  it.each([
    // [cardStatus, the carrier's word, ours]
    ['1', '待激活', CardState.AllowActivate],
    ['2', '已激活', CardState.Activated],
    ['4', '停机', CardState.Stopped],
    ['6', '可测试', CardState.Testable],
    ['7', '库存', CardState.Initial],
    ['8', '预销户', CardState.Other],
    ['9', '已销户', CardState.Cancelled],
    ['3', '(not in the list)', CardState.Other],
    ['02', '(a PB code)', CardState.Other],
    ['', '(empty)', CardState.Other],
  ])('%j (%s) → %i', (code, _word, state) => {
    expect(onelinkCardState('ct', code)).toBe(state);
  });

  it('has exactly the rows above', () => {
    expect(Object.keys(ONELINK_CT_STATES).sort()).toEqual(['1', '2', '4', '6', '7', '9']);
  });
});

describe('OneLink-PB card states', () => {
  it.each([
    ['00', '正常', CardState.Activated],
    ['01', '单向停机', CardState.Stopped],
    ['02', '停机', CardState.Stopped],
    ['03', '预销号', CardState.Other],
    ['04', '销号', CardState.Cancelled],
    ['05', '过户', CardState.Other],
    ['06', '休眠', CardState.Other],
    ['07', '待激活', CardState.AllowActivate],
    ['99', '号码不存在', CardState.Other],
    ['2', '(a CT code)', CardState.Other],
    ['toString', '(not an own key)', CardState.Other],
  ])('%j (%s) → %i', (code, _word, state) => {
    expect(onelinkCardState('pb', code)).toBe(state);
  });

  it('has exactly the rows above', () => {
    expect(Object.keys(ONELINK_PB_STATES).sort()).toEqual(['00', '01', '02', '04', '07']);
  });

  it.each([
    ['pb', '99', true],
    ['pb', '00', false],
    ['ct', '99', false],
  ] as const)('%s %j means the number is unknown: %s', (variant, code, missing) => {
    expect(onelinkLineMissing(variant, code)).toBe(missing);
  });
});

describe('OneLink stop reasons (12 positions of 0/2)', () => {
  it.each([
    // [stopReason, our spelling, what decodeStopReason makes of it]
    ['000020000000', '欠费停机', 'arrears'], // documented example: 信控双向停机
    ['020000000000', '机卡分离', 'sim_device_separation'], // documented example
    ['000000000200', '区域限制', 'region_limit'], // documented example
    ['000200000000', '管控停机', 'carrier'], // M2M 管理停机
    ['000000000020', '管控停机', 'carrier'], // 强制双向停机
    ['000000002000', '管控停机', 'carrier'], // 主动（申请）双向停机: our own stop
    ['200000000000', '', 'unknown'], // 窄带网商品到期失效停机: deliberately not "buy a package"
    ['002000000000', '', 'unknown'], // position 3: not documented
    ['000002000000', '', 'unknown'], // 6
    ['000000200000', '', 'unknown'], // 7
    ['000000020000', '', 'unknown'], // 8
    ['000000000002', '', 'unknown'], // 12
    ['000000000000', '', 'unknown'], // not stopped, or no reason yet
    // combined: the holder's own fix first, then device, region, control
    ['000020000020', '欠费停机', 'arrears'], // the documentation's own combined example
    ['020020000200', '欠费停机', 'arrears'],
    ['020000000220', '机卡分离', 'sim_device_separation'],
    ['000200000200', '区域限制', 'region_limit'],
    ['200200000000', '管控停机', 'carrier'], // a known reason wins over one we leave unnamed
    ['222222222222', '欠费停机', 'arrears'],
    // unreadable strings say nothing
    ['00002000000', '', 'unknown'], // 11 characters
    ['0000200000000', '', 'unknown'], // 13
    ['000010000000', '', 'unknown'], // a 1
    [' 00020000000', '', 'unknown'],
    ['', '', 'unknown'],
  ])('%j → %j (%s)', (raw, spelling, code) => {
    expect(onelinkStopReason(raw)).toBe(spelling);
    expect(decodeStopReason(onelinkStopReason(raw))).toBe(code);
  });

  it('names each position once, within the 12', () => {
    const positions = ONELINK_STOP_POSITIONS.map((p) => p.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions.every((p) => p >= 1 && p <= 12)).toBe(true);
    for (const p of ONELINK_STOP_POSITIONS) expect(decodeStopReason(p.spelling)).not.toBe('unknown');
  });
});

describe('transid', () => {
  it('builds the documented example 1000012014101615303080000001', () => {
    // 2014-10-16 15:30:30 China time is 07:30:30 UTC
    expect(formatTransid('100001', Date.UTC(2014, 9, 16, 7, 30, 30), 80000001)).toBe('1000012014101615303080000001');
  });

  it.each([
    // [appid, UTC instant, sequence, transid]
    ['100001', Date.UTC(2026, 10, 30, 16, 0, 0), 1, '1000012026120100000000000001'], // China time is already tomorrow
    ['100001', Date.UTC(2026, 11, 31, 15, 59, 59, 999), 0, '1000012026123123595900000000'],
    ['PMMxeJGqamJw7Jrh', Date.UTC(2026, 0, 2, 3, 4, 5), 99_999_999, 'PMMxeJGqamJw7Jrh2026010211040599999999'],
  ])('%s at %i seq %i → %s', (appid, at, seq, id) => {
    expect(formatTransid(appid, at, seq)).toBe(id);
  });

  it('takes an appid of up to 26 characters (48 in all), not 27', () => {
    expect(formatTransid('a'.repeat(26), 0, 1)).toHaveLength(48);
    expect(() => formatTransid('a'.repeat(27), 0, 1)).toThrow(RangeError);
  });

  it.each([-1, 100_000_000, 1.5, Number.NaN])('refuses sequence %s', (seq) => {
    expect(() => formatTransid('100001', 0, seq)).toThrow(RangeError);
  });
});
