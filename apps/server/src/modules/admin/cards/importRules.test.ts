import { describe, expect, it } from 'vitest';
import {
  checkRows,
  lineageOf,
  iccidProblem,
  luhnDigit,
  luhnValid,
  parseCsv,
  SUPPLIER_ACCEPTED,
  supplierOf,
  withoutHeader,
  type Known,
} from './importRules';

describe('luhn', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['89860112345678901237', true],
    ['89860112345678901231', false],
    ['8986011234567890124', false],
    ['12a4', false],
  ])('%s → %s', (digits, ok) => expect(luhnValid(digits)).toBe(ok));

  it('makes the check digit', () => expect(luhnDigit('8986011234567890124')).toBe('5'));
});

describe('iccidProblem', () => {
  it.each([
    ['89860112345678901237', null],
    ['898601123456789012' + luhnDigit('898601123456789012'), null],
    ['8986011234567890123', 'ICCID 校验位错误'],
    ['898601123456789012371', 'ICCID 应为 19–20 位（当前 21 位）'],
    ['898601123456789', 'ICCID 应为 19–20 位（当前 15 位）'],
    ['8986011234567890123X', 'ICCID 只能是数字'],
  ])('%s → %s', (iccid, why) => expect(iccidProblem(iccid)).toBe(why));
});

describe('parseCsv', () => {
  it('reads a BOM, quotes, CRLF and blank lines', () => {
    expect(parseCsv('\uFEFFa,"b,c"\r\n"x ""y""", z \r\n\r\n1,2')).toEqual([
      ['a', 'b,c'],
      ['x "y"', 'z'],
      ['1', '2'],
    ]);
  });
  it("drops the template's # note rows after the header, counting them in the row numbers", () => {
    expect(withoutHeader([['卡号', 'ICCID'], ['# 说明'], ['1', '2']])).toEqual({ rows: [['1', '2']], firstRow: 3 });
  });

  it('drops the header row by its first cell', () => {
    expect(withoutHeader([['卡号', 'ICCID'], ['1']])).toEqual({ rows: [['1']], firstRow: 2 });
    expect(withoutHeader([['1000000001']])).toEqual({ rows: [['1000000001']], firstRow: 1 });
  });
});

describe('supplierOf', () => {
  it.each([
    ['2', 2],
    ['中国联通', 2],
    ['联通', 2],
    ['CUCC', 2],
    ['cucc', 2],
    [' China Unicom ', 2],
    ['移动', 1],
    ['CMCC', 1],
    ['电信', 3],
    ['CTCC', 3],
    ['广电', 12],
    ['中国广电(CME)', 12],
    ['八骏', 8],
    ['99', null],
    ['移不动', null],
  ])('%s → %s', (t, s) => expect(supplierOf(t)).toBe(s));
});

describe('checkRows', () => {
  const known: Known = {
    existingNums: new Set(['1000000001']),
    existingIccids: new Set(['89860112345678901245']),
    seriesAgent: new Map([
      [1, 10],
      [3, 20],
    ]),
    agentByMark: new Map([
      ['demo', 10],
      ['acme', 20],
    ]),
    forcedAgentId: null,
    accountByName: new Map([
      ['simulator', { id: 1, name: 'simulator', refused: null }],
      ['ct-a', { id: 2, name: 'ct-a', refused: null }],
      ['ct-off', { id: 3, name: 'ct-off', refused: '已停用' }],
    ]),
    defaultAccount: { id: 1, name: 'simulator' },
    acceptedNames: '可选：simulator、ct-a',
  };
  const ok = ['2000000001', '89860112345678901237', '1440123456781', '中国联通', '1', 'demo'];
  const iccid2 = '898601123456789012' + '6' + luhnDigit('8986011234567890126');

  it.each([
    [['abc', ...ok.slice(1)], '卡号应为 6–20 位数字'],
    [['', ...ok.slice(1)], '卡号不能为空'],
    [[ok[0]!, '', ...ok.slice(2)], 'ICCID 不能为空'],
    [[ok[0]!, '89860112345678901231', ...ok.slice(2)], 'ICCID 校验位错误'],
    [[...ok.slice(0, 2), '123', ...ok.slice(3)], 'MSISDN 应为 11–13 位数字'],
    [[...ok.slice(0, 3), '移不动', ...ok.slice(4)], `未知的运营商：移不动（可填：${SUPPLIER_ACCEPTED}）`],
    [['1000000001', ...ok.slice(1)], '卡号已存在'],
    [[ok[0]!, '89860112345678901245', ...ok.slice(2)], 'ICCID 已存在'],
    [[...ok.slice(0, 4), '9', 'demo'], '未知的套餐系列：9'],
    [[...ok.slice(0, 4), '3', 'demo'], '套餐系列 3 不属于该代理或其上级'],
    [[...ok.slice(0, 5), 'nobody'], '未知的代理：nobody'],
    [[...ok.slice(0, 5), ''], '代理标识不能为空'],
    [[...ok, 'nobody'], '未知的运营商账号：nobody（可选：simulator、ct-a）'],
    [[...ok, 'ct-off'], '运营商账号 ct-off 已停用（可选：simulator、ct-a）'],
  ])('%j → %s', (row, message) => {
    expect(checkRows([row], 2, known)).toEqual({
      valid: [],
      errors: [{ row: 2, custom_num: row[0], message, problems: [message], cells: row }],
      notices: [],
      crossCarrier: 0,
    });
  });

  it('says every problem of a row, not the first only, and gives its cells back', () => {
    const row = ['12', '8986', '123', '移不动', 'x', 'nobody', 'gone'];
    const r = checkRows([row], 2, known);
    expect(r.valid).toEqual([]);
    expect(r.errors[0]!.problems).toEqual([
      '卡号应为 6–20 位数字',
      'ICCID 应为 19–20 位（当前 4 位）',
      'MSISDN 应为 11–13 位数字',
      `未知的运营商：移不动（可填：${SUPPLIER_ACCEPTED}）`,
      '未知的代理：nobody',
      '未知的套餐系列：x',
      '未知的运营商账号：gone（可选：simulator、ct-a）',
    ]);
    expect(r.errors[0]!.message).toBe(r.errors[0]!.problems.join('；'));
    expect(r.errors[0]!.cells).toEqual(row);
  });

  it('takes a good row, and finds duplicates within the file', () => {
    const r = checkRows([ok, ok, ['2000000002', ok[1]!, '', '2', '1', 'demo'], ['2000000003', iccid2, '', '2', '1', 'demo']], 2, known);
    expect(r.valid.map((v) => v.custom_num)).toEqual(['2000000001', '2000000003']);
    expect(r.valid[0]).toEqual({
      custom_num: '2000000001',
      iccid: ok[1],
      isdn: '1440123456781',
      imsi: '',
      supplier: 2,
      series_id: 1,
      agent_id: 10,
      carrier_account_id: 1,
      carrier_account: 'simulator',
    });
    expect(r.errors.map(({ row, custom_num, message }) => ({ row, custom_num, message }))).toEqual([
      // the same row twice: both of its duplicates are said
      { row: 3, custom_num: '2000000001', message: '卡号与第 2 行重复；ICCID 与第 2 行重复' },
      { row: 4, custom_num: '2000000002', message: 'ICCID 与第 2 行重复' },
    ]);
  });

  describe('a row onto an account of another carrier than its ICCID’s issuer (as 移至运营商账号 judges)', () => {
    const accounts = {
      ...known,
      accountByName: new Map([
        ...known.accountByName,
        ['cm-a', { id: 4, name: 'cm-a', network: 1, refused: null }],
        ['cu-a', { id: 5, name: 'cu-a', network: 2, refused: null }],
      ]),
    };
    const refusal =
      'ICCID 属于中国联通，不能导入到中国移动的运营商账号「cm-a」：该平台不认识这张卡，导入后无法同步与停复机。如确已转网，请勾选“确认跨运营商导入”并在导入说明中写明';
    it.each([
      [
        'a Unicom ICCID onto a Mobile account: refused in words',
        [...ok, 'cm-a'],
        false,
        { valid: 0, errors: [refusal], notices: [], cross: 1 },
      ],
      [
        'confirmed: taken, with a notice',
        [...ok, 'cm-a'],
        true,
        { valid: 1, errors: [], notices: ['ICCID 属于中国联通，运营商账号「cm-a」是中国移动的平台：已确认跨运营商导入'], cross: 1 },
      ],
      ['onto its own carrier’s account: taken', [...ok, 'cu-a'], false, { valid: 1, errors: [], notices: [], cross: 0 }],
      ['onto the simulator (no carrier): not judged', [...ok, 'simulator'], false, { valid: 1, errors: [], notices: [], cross: 0 }],
      [
        'an ICCID whose issuer code names no carrier: not judged',
        [ok[0]!, '8986991234567890123' + luhnDigit('8986991234567890123'), ...ok.slice(2), 'cm-a'],
        false,
        null,
      ],
    ] as const)('%s', (_case, row, confirm, out) => {
      const r = checkRows([[...row]], 2, { ...accounts, confirmCrossCarrier: confirm });
      if (out === null) {
        expect(r.crossCarrier).toBe(0);
        expect(r.errors.flatMap((e) => e.problems).filter((p) => p.includes('不能导入到'))).toEqual([]);
        return;
      }
      expect(r.valid).toHaveLength(out.valid);
      expect(r.errors.flatMap((e) => e.problems)).toEqual(out.errors);
      expect(r.notices.map((n) => n.message)).toEqual(out.notices);
      expect(r.crossCarrier).toBe(out.cross);
    });
  });

  it('takes an IMSI in the eighth column: 15 digits or empty, once per file', () => {
    const imsi = '460011234567801';
    const r = checkRows(
      [
        [...ok, '', imsi],
        ['2000000003', iccid2, '', '2', '1', 'demo', '', imsi],
        ['2000000004', iccid2.slice(0, -1) + '0', '', '2', '1', 'demo', '', '46001'],
      ],
      2,
      known,
    );
    expect(r.valid.map((v) => [v.custom_num, v.imsi])).toEqual([['2000000001', imsi]]);
    expect(r.errors.map((e) => e.problems.filter((p) => p.includes('IMSI')))).toEqual([
      ['IMSI 与第 2 行重复'],
      ['IMSI 应为 15 位数字（可留空）'],
    ]);
  });

  it('puts a row on the carrier account it names; an empty or missing cell on the simulator account', () => {
    const r = checkRows(
      [
        [...ok, 'ct-a'],
        ['2000000002', iccid2, '', '2', '1', 'demo', ''],
      ],
      2,
      known,
    );
    expect(r.valid.map((v) => [v.custom_num, v.carrier_account_id, v.carrier_account])).toEqual([
      ['2000000001', 2, 'ct-a'],
      ['2000000002', 1, 'simulator'],
    ]);
    // no account to assume (no simulator here): the cell must name one
    const none = { ...known, defaultAccount: null };
    expect(checkRows([ok], 2, none).errors[0]!.message).toBe('运营商账号不能为空（可选：simulator、ct-a）');
  });

  it("puts an agent administrator's rows in their agent, and says so where the file named another", () => {
    const forced = { ...known, forcedAgentId: 20, forcedAgentMark: 'acme' };
    const r = checkRows(
      [
        [...ok.slice(0, 4), '3', 'demo'],
        ['2000000002', iccid2, '', '2', '3', 'acme'],
      ],
      2,
      forced,
    );
    expect(r.valid.map((v) => v.agent_id)).toEqual([20, 20]);
    expect(r.notices).toEqual([{ row: 2, custom_num: '2000000001', message: '代理标识 demo 不是导入的代理：该行按代理 acme 导入' }]);
    expect(checkRows([ok], 2, forced).errors[0]!.message).toBe('套餐系列 1 不属于该代理或其上级');
  });

  it("a sub-agent's cards may carry its parents' series, never a sibling's or another network's", () => {
    // demo 10 → 11 (代理) → 12 (分销); acme 20 apart
    const parentOf = new Map<number, number | null>([
      [10, null],
      [11, 10],
      [12, 11],
      [20, null],
    ]);
    const sub = {
      ...known,
      seriesAgent: new Map([
        [1, 10],
        [3, 20],
        [5, 11],
      ]),
      forcedAgentId: 12,
      forcedAgentMark: 'l3',
      parentOf,
    };
    const rows = [
      [...ok.slice(0, 4), '1', ''],
      ['2000000002', iccid2, '', '2', '5', ''],
    ];
    expect(checkRows(rows, 2, sub).valid.map((v) => [v.agent_id, v.series_id])).toEqual([
      [12, 1],
      [12, 5],
    ]);
    expect(checkRows([[...ok.slice(0, 4), '3', '']], 2, sub).errors[0]!.message).toBe('套餐系列 3 不属于该代理或其上级');
    // the parent's cards cannot carry its sub-agent's series
    expect(checkRows([[...ok.slice(0, 4), '5', '']], 2, { ...sub, forcedAgentId: 10 }).errors[0]!.message).toBe(
      '套餐系列 5 不属于该代理或其上级',
    );
  });
});

describe('lineageOf', () => {
  const parentOf = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [7, 8],
    [8, 7],
  ]);
  it.each([
    [1, [1]],
    [2, [2, 1]],
    [3, [3, 2, 1]],
    [9, [9]],
    // a loop in bad data ends
    [7, [7, 8]],
  ])('%s → %j', (id, chain) => expect(lineageOf(id, parentOf)).toEqual(chain));
});
