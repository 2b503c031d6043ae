import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['中文', '中文'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
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
    const text = toCsv(['时间', '操作'], [['2026-01-01', '登录']]);
    expect(text.startsWith('\uFEFF时间,操作\r\n')).toBe(true);
    expect(text.endsWith('登录\r\n')).toBe(true);
  });
});
