import { CardState } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import {
  CMP_GATEWAY_STATUS,
  CMP_REAL_NAME,
  CMP_SIM_STATUS,
  CMP_TARGET_STATUS,
  CMP_TIMESTAMP_FORMAT,
  CMP_TRANS_ID_FORMAT,
  cmpCardState,
  cmpCycleDate,
  cmpDayKb,
  cmpGatewayFailure,
  cmpPath,
  cmpRealNamed,
  cmpTimestamp,
  cmpTokenInput,
  cmpTransId,
  mbToKb,
  unicomCycleStart,
} from './unicomCmp';

describe('CMP simStatus → CardState', () => {
  it.each([
    // [simStatus, state, label]
    ['0', CardState.Testable, '可测试'],
    ['1', CardState.AllowActivate, '可激活'],
    ['2', CardState.Activated, '已激活'],
    ['3', CardState.Stopped, '已停用'],
    ['4', CardState.Cancelled, '已失效'],
    ['5', CardState.Cancelled, '已清除'],
    ['6', CardState.Other, '已更换'],
    ['7', CardState.Initial, '库存'],
    ['8', CardState.Other, '开始'],
  ] as const)('%s → %i (%s)', (code, state, label) => {
    expect(cmpCardState(code)).toBe(state);
    expect(CMP_SIM_STATUS[code]!.label).toBe(label);
  });

  it('has exactly the nine documented codes', () => {
    expect(Object.keys(CMP_SIM_STATUS).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it.each(['9', '', '02', 'ACTIVATED', '-1'])('an unknown code %j is Other, never a guess', (code) => {
    expect(cmpCardState(code)).toBe(CardState.Other);
  });

  it('stops with 3 and resumes with 2, the codes it reads back', () => {
    expect(cmpCardState(CMP_TARGET_STATUS.stop)).toBe(CardState.Stopped);
    expect(cmpCardState(CMP_TARGET_STATUS.resume)).toBe(CardState.Activated);
  });
});

describe('CMP realNameStatus → no real-name step left', () => {
  it.each([
    // [code, realNamed, required, verified]
    ['0', true, false, false],
    ['1', false, true, false],
    ['2', true, true, true],
    ['3', true, false, true],
  ] as const)('%s → %s', (code, named, required, verified) => {
    expect(cmpRealNamed(code)).toBe(named);
    expect(CMP_REAL_NAME[code]).toMatchObject({ required, verified });
  });

  it('has exactly the four documented codes', () => {
    expect(Object.keys(CMP_REAL_NAME).sort()).toEqual(['0', '1', '2', '3']);
  });

  it.each(['4', '', 'Y'])('an unknown code %j says nothing (null)', (code) => {
    expect(cmpRealNamed(code)).toBeNull();
  });
});

describe('CMP gateway refusals', () => {
  it.each([
    ['1001', 'auth'],
    ['1002', 'malformed'],
    ['1003', 'rate'],
  ] as const)('%s → %s', (status, failure) => {
    expect(cmpGatewayFailure(status)).toBe(failure);
    expect(CMP_GATEWAY_STATUS[status]!.failure).toBe(failure);
  });

  it('has only the rows tested above', () => {
    expect(Object.keys(CMP_GATEWAY_STATUS).sort()).toEqual(['1001', '1002', '1003']);
  });

  it.each(['9999', '', '0001'])('an unknown status %j is unavailable (retry later), not blamed on credentials', (status) => {
    expect(cmpGatewayFailure(status)).toBe('unavailable');
  });
});

describe('the signed envelope', () => {
  // 2026-11-27 05:05:09.042 UTC = 13:05:09.042 China time
  const MS = Date.UTC(2026, 10, 27, 5, 5, 9, 42);

  it('puts the API name in the documented path', () => {
    expect(cmpPath('wsGetTerminalDetails')).toBe('/api/wsGetTerminalDetails/V1/1Main/vV1.1');
  });

  it.each([
    [MS, '2026-11-27 13:05:09 042'],
    // 16:00 UTC is already the next day in China
    [Date.UTC(2026, 11, 31, 16, 0, 0, 0), '2027-01-01 00:00:00 000'],
    [Date.UTC(2026, 0, 1, 0, 0, 0, 999), '2026-01-01 08:00:00 999'],
  ])('timestamp of %i is %s (China time, a space before the milliseconds)', (ms, want) => {
    expect(cmpTimestamp(ms)).toBe(want);
    expect(want).toMatch(CMP_TIMESTAMP_FORMAT);
  });

  it.each([
    [MS, 7, '20261127130509042000007'],
    [MS, 123456, '20261127130509042123456'],
    [MS, 1_000_001, '20261127130509042000001'],
    [Date.UTC(2026, 11, 31, 16, 0, 0, 5), 0, '20270101000000005000000'],
  ])('trans_id of %i with serial %i is %s', (ms, serial, want) => {
    expect(cmpTransId(ms, serial)).toBe(want);
    expect(want).toMatch(CMP_TRANS_ID_FORMAT);
  });

  it('hashes names and values in order, then the secret, with nothing between', () => {
    expect(cmpTokenInput('bbO7egzjW5', '2026-11-27 13:05:09 042', '20261127130509042000007', 'S3CRET')).toBe(
      'app_idbbO7egzjW5timestamp2026-11-27 13:05:09 042trans_id20261127130509042000007S3CRET',
    );
  });

  it.each(['2026-11-27 13:05:09.042', '2026-11-27T13:05:09 042', '2026-11-27 13:05:09'])('%j is not a gateway timestamp', (ts) => {
    expect(ts).not.toMatch(CMP_TIMESTAMP_FORMAT);
  });
  it.each(['2026112713050904200000', '202611271305090420000071', '2026112713050904200000a'])('%j is not a trans_id', (id) => {
    expect(id).not.toMatch(CMP_TRANS_ID_FORMAT);
  });
});

describe("Unicom's billing cycle (27th → 26th)", () => {
  it.each([
    // [China day, cycle start, cycleStartDate sent]
    ['2026-11-26', '2026-10-27', '2026-11-01 00:00:00'],
    ['2026-11-27', '2026-11-27', '2026-12-01 00:00:00'],
    ['2026-11-30', '2026-11-27', '2026-12-01 00:00:00'],
    ['2026-12-01', '2026-11-27', '2026-12-01 00:00:00'],
    ['2026-12-27', '2026-12-27', '2027-01-01 00:00:00'],
    ['2027-01-05', '2026-12-27', '2027-01-01 00:00:00'],
    ['2027-01-26', '2026-12-27', '2027-01-01 00:00:00'],
    ['2027-03-01', '2027-02-27', '2027-03-01 00:00:00'],
  ])('%s is in the cycle from %s, asked for as %s', (day, start, sent) => {
    expect(unicomCycleStart(day)).toBe(start);
    expect(cmpCycleDate(day)).toBe(sent);
    // the date sent lies inside the cycle either way the gateway reads it
    expect(unicomCycleStart(sent.slice(0, 10))).toBe(start);
  });
});

describe('usage', () => {
  const sessions = [
    { sessionStartTime: '2026-11-25 23:50:00', dataVolume: 100 },
    { sessionStartTime: '2026-11-26 00:10:00', dataVolume: 250 },
    { sessionStartTime: '2026-11-26 18:00:00', dataVolume: '774' },
    { sessionStartTime: '2026-11-27 08:00:00', dataVolume: 0 },
  ];
  it.each([
    ['2026-11-25', 100],
    ['2026-11-26', 1024],
    ['2026-11-27', 0],
    ['2026-11-28', 0],
  ])('%s used %i KB (sessions by the day they started)', (day, kb) => {
    expect(cmpDayKb(sessions, day)).toBe(kb);
  });
  it.each([
    [{ sessionStartTime: '2026-11-26 08:00:00', dataVolume: 'x' }],
    [{ sessionStartTime: '2026-11-26 08:00:00', dataVolume: -1 }],
    [{ sessionStartTime: 'yesterday', dataVolume: 1 }],
    [{ sessionStartTime: null as unknown as string, dataVolume: 1 }],
  ])('an unreadable session %j makes the day unreadable (null), not 0', (bad) => {
    expect(cmpDayKb([...sessions, bad], '2026-11-26')).toBeNull();
  });

  it.each([
    ['7168.00', 7 * 1024 * 1024],
    ['0', 0],
    [1.5, 1536],
    ['0.001', 1],
    ['', null],
    ['-1', null],
    ['abc', null],
    [null, null],
    [undefined, null],
  ])('%j MB is %s KB', (mb, kb) => {
    expect(mbToKb(mb)).toBe(kb);
  });
});
