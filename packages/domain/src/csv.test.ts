import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['中文', '中文'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    // a negative amount stays a number a spreadsheet sums; anything more after the sign stays defused
    ['-4.00', '-4.00'],
    [-4, '-4'],
    ['-0.01', '-0.01'],
    ['-4.00.1', "'-4.00.1"],
    ['-4e3', "'-4e3"],
    ['-1-cmd', "'-1-cmd"],
    ['- 4', "'- 4"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [null, ''],
    [12, '12'],
    [{ a: 1 }, '"{""a"":1}"'],
    // docs/decisions/0028: Excel locales that split on ";" would start a formula after it
    ['a;=cmd|"/c calc"!A1', `"a;'=cmd|""/c calc""!A1"`],
    ['x; +1', `"x; '+1"`],
    ['x;@SUM(A1);-2', `"x;'@SUM(A1);'-2"`],
    ['a;b', '"a;b"'],
  ] as const)('%j → %s', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    const text = toCsv(['日期', '操作'], [['2026-01-01', '登录']]);
    expect(text.startsWith('\uFEFF日期,操作\r\n')).toBe(true);
    expect(text.endsWith('登录\r\n')).toBe(true);
  });

  it('writes instants in China time and says so in their column; other columns and dates untouched', () => {
    const text = toCsv(
      ['订单号', '支付时间', '创建时间（北京时间）', '日期'],
      [
        // 16:30 UTC on the 1st is half past midnight on the 2nd in China
        ['NO1', '2026-03-01T16:30:05.123Z', '2026-03-01T00:00:00Z', '2026-03-01'],
        ['NO2', '', '2026-03-01T23:59:59+08:00', '2026-03-02'],
      ],
    );
    expect(text.split('\r\n')).toEqual([
      '\uFEFF订单号,支付时间（北京时间）,创建时间（北京时间）,日期',
      'NO1,2026-03-02 00:30:05,2026-03-01 08:00:00,2026-03-01',
      'NO2,,2026-03-01 23:59:59,2026-03-02',
      '',
    ]);
    // a file with no rows has the same header
    expect(toCsv(['订单号', '支付时间', '日期'], []).split('\r\n')[0]).toBe('\uFEFF订单号,支付时间（北京时间）,日期');
  });
});
