import { describe, expect, it } from 'vitest';
import { BULK_STATUS_LABEL } from '@portal/contract/admin';
import { ITEM_STATE_COLOR, JOB_STATE_COLOR, numbersOf, progressOf, stateLabel } from './jobs';

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

it('every job and card state has a label in the contract and a colour here', () => {
  for (const s of [...Object.keys(JOB_STATE_COLOR), ...Object.keys(ITEM_STATE_COLOR)]) expect(stateLabel(s)).toBe(BULK_STATUS_LABEL[s]);
  expect(stateLabel('unknown')).toBe('unknown');
});
