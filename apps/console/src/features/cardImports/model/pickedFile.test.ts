import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES } from '@portal/contract/admin';
import { base64Of, pickRefusal } from './pickedFile';

describe('pickRefusal', () => {
  it.each([
    ['cards.csv', 10, null],
    ['CARDS.XLSX', 10, null],
    ['cards.xls', 10, '只支持 CSV 或 XLSX 文件'],
    ['cards.csv.txt', 10, '只支持 CSV 或 XLSX 文件'],
    ['cards.csv', IMPORT_MAX_FILE_BYTES, null],
    ['cards.csv', IMPORT_MAX_FILE_BYTES + 1, '文件不能超过 5 MB'],
  ])('%s of %i bytes → %s', (name, size, refusal) => expect(pickRefusal({ name, size })).toBe(refusal));
});

describe('base64Of', () => {
  it('drops the data URL prefix, whatever the type', () => {
    expect(base64Of('data:text/csv;base64,YWJj')).toBe('YWJj');
    expect(base64Of('data:;base64,YWJj')).toBe('YWJj');
  });
});
