import { CardState } from '@portal/contract/enums';
import { decodeStopReason } from '@portal/domain/stopReason';
import { describe, expect, it } from 'vitest';
import {
  AUTH_STATUS,
  FLOW_UNIT_KB,
  GATEWAY_FAULTS,
  MAIN_STATUS,
  NET_BLOCK,
  SESSION_STATUS,
  asciiHex,
  chinaTimestamp,
  compactDay,
  ctwingLineState,
  ctwingSign,
  flowKb,
  flowKbOf,
  gatewayFault,
  parseChinaTimestamp,
  realNamedOf,
  sessionOpen,
  signInput,
  sortedQuery,
} from './ctwing';

describe('productMainStatusCd in our terms', () => {
  const rows: [string, string, number][] = [
    ['1', '可激活', CardState.AllowActivate],
    ['2', '测试激活', CardState.Testable],
    ['3', '测试去激活', CardState.Initial],
    ['4', '在用', CardState.Activated],
    ['5', '停机', CardState.Stopped],
    ['6', '运营商管理状态', CardState.Other],
    ['7', '拆机', CardState.Cancelled],
  ];
  it.each(rows)('%s %s → CardState %i', (code, label, state) => {
    expect(MAIN_STATUS[code]).toEqual({ state, label });
    expect(ctwingLineState(code, '未断网', '1')).toEqual({ state, rawState: code, stopReason: '', rawStopReason: '', realNamed: true });
  });
  it('has exactly these rows', () => {
    expect(Object.keys(MAIN_STATUS).sort()).toEqual(rows.map((r) => r[0]));
  });
  it.each(['0', '8', '04', '', 'ACTIVE'])('an unknown code %j is Other with the code kept, never a guess', (code) => {
    expect(ctwingLineState(code, '未断网', '1')).toMatchObject({ state: CardState.Other, rawState: code, stopReason: '' });
  });
});

describe('a cut network (netBlockStatusName)', () => {
  it.each([
    ['已断网', true],
    ['未断网', false],
  ] as const)('%s → cut %s', (name, cut) => {
    expect(NET_BLOCK[name]).toBe(cut);
  });
  it('has exactly these rows', () => {
    expect(Object.keys(NET_BLOCK)).toHaveLength(2);
  });
  // [main status, net block, state, rawStopReason]
  it.each([
    ['4', '已断网', CardState.Stopped, '已断网'],
    ['2', '已断网', CardState.Stopped, '已断网'],
    ['4', '未断网', CardState.Activated, ''],
    ['4', '', CardState.Activated, ''],
    ['2', '', CardState.Testable, ''],
    ['4', '部分断网', CardState.Other, '部分断网'],
    // not in service anyway: the main state stands
    ['5', '已断网', CardState.Stopped, ''],
    ['7', '已断网', CardState.Cancelled, ''],
    ['1', '已断网', CardState.AllowActivate, ''],
    ['3', '部分断网', CardState.Initial, ''],
  ] as const)('main %s with %j → CardState %i', (main, net, state, rawStopReason) => {
    const s = ctwingLineState(main, net, '1');
    expect(s).toMatchObject({ state, rawState: main, rawStopReason });
    // the platform never says why: the portal says "not told"
    expect(s.stopReason).toBe('');
    expect(decodeStopReason(s.stopReason)).toBe('unknown');
  });
});

describe('authStatus', () => {
  it.each([
    ['1', true],
    ['0', false],
  ] as const)('%s → real-named %s', (code, named) => {
    expect(AUTH_STATUS[code]).toBe(named);
    expect(realNamedOf(code)).toBe(named);
  });
  it('has exactly these rows', () => {
    expect(Object.keys(AUTH_STATUS)).toHaveLength(2);
  });
  it.each(['', '2', 'true'])('%j is not said (null)', (code) => {
    expect(realNamedOf(code)).toBeNull();
    expect(ctwingLineState('4', '未断网', code).realNamed).toBeNull();
  });
});

describe('acctStatusType (getOnlineStatus)', () => {
  it.each([
    ['start', true],
    ['stop', false],
  ] as const)('%s → session open %s', (code, open) => {
    expect(SESSION_STATUS[code]).toBe(open);
    expect(sessionOpen(code)).toBe(open);
  });
  it('has exactly these rows, read without case or spaces', () => {
    expect(Object.keys(SESSION_STATUS)).toHaveLength(2);
    expect(sessionOpen(' Start ')).toBe(true);
  });
  it.each(['', 'interim', '1'])('%j is not known (null)', (code) => {
    expect(sessionOpen(code)).toBeNull();
  });
});

describe('flow figures in KB', () => {
  it.each([
    ['B', 1 / 1024],
    ['KB', 1],
    ['MB', 1024],
    ['GB', 1024 * 1024],
  ] as const)('%s is %f KB', (unit, kb) => {
    expect(FLOW_UNIT_KB[unit]).toBe(kb);
  });
  it('has exactly these rows', () => {
    expect(Object.keys(FLOW_UNIT_KB)).toHaveLength(4);
  });
  it.each([
    ['5120.00', 'MB', 5 * 1024 * 1024],
    ['42118.59', 'MB', 43129436],
    ['0.00', 'MB', 0],
    ['0.20', 'MB', 205],
    ['300', 'KB', 300],
    ['2048', 'B', 2],
    ['1.5', 'GB', 1572864],
    ['7', 'mb', 7168],
  ] as const)('%s %s → %i KB', (amount, unit, kb) => {
    expect(flowKb(amount, unit)).toBe(kb);
  });
  it.each([
    ['', 'MB'],
    ['-1', 'MB'],
    ['1e3', 'MB'],
    ['12', 'TB'],
    ['12', ''],
  ])('%j %j is not a figure', (amount, unit) => {
    expect(flowKb(amount, unit)).toBeNull();
  });
  it.each([
    ['5120.00MB', 5 * 1024 * 1024],
    ['0.00MB', 0],
    [' 300KB ', 300],
    ['12 MB', 12 * 1024],
  ] as const)('TOTAL_BYTES_CNT %j → %i KB', (text, kb) => {
    expect(flowKbOf(text)).toBe(kb);
  });
  it.each(['', 'MB', '5120.00', '5,120MB', '12XB'])('TOTAL_BYTES_CNT %j is not a figure', (text) => {
    expect(flowKbOf(text)).toBeNull();
  });
});

describe('gateway refusals', () => {
  it.each([
    ['1001', 'auth'],
    ['1002', 'auth'],
    ['1003', 'auth'],
    ['1004', 'rate'],
  ] as const)('%s → %s', (code, fault) => {
    expect(GATEWAY_FAULTS[code]!.fault).toBe(fault);
    // the code wins over the HTTP status
    expect(gatewayFault(code, 400)).toBe(fault);
  });
  it('has exactly these rows', () => {
    expect(Object.keys(GATEWAY_FAULTS)).toHaveLength(4);
  });
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate'],
    [500, 'unavailable'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [400, 'malformed'],
    [404, 'malformed'],
  ] as const)('an unknown code with HTTP %i → %s', (status, fault) => {
    expect(gatewayFault('9999', status)).toBe(fault);
  });
});

describe('the Sign', () => {
  // the platform's published example (签名规则): query a=1&b=2&c=3, this body, secret, timestamp
  const body = '{"name":"xf","age":"dd"}';
  const input = 'a=1&b=2&c=3{"name":"xf","age":"dd"}d1209cfefe895364e0320201101021435';
  const published = '3863613035653132306631333231313733383637376333326536316631643934';

  it('covers the sorted query, the body, the secret and the timestamp, in that order', () => {
    const params = [
      ['c', '3'],
      ['a', '1'],
      ['b', '2'],
    ] as const;
    expect(signInput(params, body, 'd1209cfefe895364e03', '20201101021435')).toBe(input);
  });
  it('is the ASCII hex of the md5 hex: the published example', () => {
    // md5hex of the input (the server's test computes it with node:crypto and gets the same Sign)
    const seen: string[] = [];
    const sign = ctwingSign((s) => {
      seen.push(s);
      return '8ca05e120f13211738677c32e61f1d94';
    }, input);
    expect(seen).toEqual([input]);
    expect(sign).toBe(published);
  });
  it('lower-cases the md5 hex before its ASCII hex', () => {
    expect(ctwingSign(() => '8CA05E120F13211738677C32E61F1D94', input)).toBe(published);
  });
  it.each([
    ['', ''],
    ['0', '30'],
    ['af', '6166'],
    ['a=1', '613D31'],
  ])('asciiHex(%j) = %s', (text, hex) => {
    expect(asciiHex(text)).toBe(hex);
  });
  it.each([
    [[], ''],
    [[['access_number', '14410000000001']], 'access_number=14410000000001'],
    [
      [
        ['needDtl', '0'],
        ['access_number', '1'],
      ],
      'access_number=1&needDtl=0',
    ],
    // code-unit order: upper case before lower case, as Java's String sort
    [
      [
        ['b', '1'],
        ['B', '2'],
        ['a', '3'],
      ],
      'B=2&a=3&b=1',
    ],
  ] as [[string, string][], string][])('sortedQuery(%j) = %j', (params, out) => {
    expect(sortedQuery(params)).toBe(out);
  });
});

describe('time', () => {
  it('writes the Timestamp in China time', () => {
    // 2020-10-31 18:14:35 UTC is 2020-11-01 02:14:35 in China: the published example's timestamp
    expect(chinaTimestamp(Date.UTC(2020, 9, 31, 18, 14, 35))).toBe('20201101021435');
    expect(chinaTimestamp(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('20270101000000');
  });
  it('reads a Timestamp back', () => {
    expect(parseChinaTimestamp('20201101021435')).toBe(Date.UTC(2020, 9, 31, 18, 14, 35));
  });
  it.each(['', '2020110102143', '202011010214355', '2020-11-01 02:14:35', '20201301021435', '20201132021435', '20201101241435'])(
    '%j is not a Timestamp',
    (ts) => {
      expect(parseChinaTimestamp(ts)).toBeNull();
    },
  );
  it('writes a day as the platform does', () => {
    expect(compactDay('2026-11-27')).toBe('20261127');
  });
});
