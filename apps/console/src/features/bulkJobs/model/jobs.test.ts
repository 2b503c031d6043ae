import { describe, expect, it } from 'vitest';
import { BULK_KINDS, BULK_STATUS_LABEL } from '@portal/contract/admin';
import { accountOption, actionOf, ITEM_STATE_COLOR, JOB_STATE_COLOR, kindsFor, numbersOf, progressOf, stateLabel } from './jobs';

describe('numbersOf', () => {
  it.each([
    ['one a line', '1000000001\n1000000002\n', ['1000000001', '1000000002']],
    ['commas, full-width commas, semicolons and spaces', '1,2，3;4；5 6\t7', ['1', '2', '3', '4', '5', '6', '7']],
    ['duplicates dropped, first order kept', '2\n1\n2\n', ['2', '1']],
    ['nothing', '  \n ', []],
  ])('%s', (_name, text, expected) => expect(numbersOf(text)).toEqual(expected));
});

describe('progressOf', () => {
  it.each([
    ['nothing done yet', { status: 'pending', total: 3, ok_count: 0, failed_count: 0 }, { done: 0, percent: 0 }],
    ['failures count as done', { status: 'running', total: 3, ok_count: 1, failed_count: 1 }, { done: 2, percent: 66 }],
    ['a done job is whole', { status: 'done', total: 3, ok_count: 2, failed_count: 1 }, { done: 3, percent: 100 }],
    ['an empty job', { status: 'running', total: 0, ok_count: 0, failed_count: 0 }, { done: 0, percent: 0 }],
  ])('%s', (_name, job, expected) => expect(progressOf(job)).toEqual(expected));
});

describe('kindsFor', () => {
  it('offers the platform every kind', () => expect(kindsFor(BULK_KINDS, true)).toEqual([...BULK_KINDS]));
  it('keeps moves to another agent or carrier account from an agent administrator', () =>
    expect(kindsFor(BULK_KINDS, false)).toEqual(['suspend', 'resume', 'mark_replacement', 'set_series']));
});

describe('actionOf', () => {
  it.each([
    ['a kind without a target', { kind_label: '停机', params: {} }, '停机'],
    [
      'a move to an account',
      { kind_label: '移至运营商账号', params: { carrier_account_id: 2, carrier_account_name: 'ct-a' } },
      '移至运营商账号 ct-a',
    ],
  ])('%s', (_name, job, expected) => expect(actionOf(job)).toBe(expected));
});

it('offers an account by its name and platform', () =>
  expect(accountOption({ id: 2, name: 'ct-a', carrier_label: '中国电信 5G CMP（CTWing）' })).toEqual({
    value: 2,
    label: 'ct-a（中国电信 5G CMP（CTWing））',
  }));

it('every job and card state has a label in the contract and a colour here', () => {
  for (const s of [...Object.keys(JOB_STATE_COLOR), ...Object.keys(ITEM_STATE_COLOR)]) expect(stateLabel(s)).toBe(BULK_STATUS_LABEL[s]);
  expect(stateLabel('unknown')).toBe('unknown');
});
