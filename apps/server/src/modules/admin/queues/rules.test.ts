import { describe, expect, it } from 'vitest';
import { nextApplicationStatusProblem, replacementMoveProblem, ticketExcerpt } from './rules';

describe('agent application decisions', () => {
  it.each([
    ['submitted', 'in_review', null],
    ['submitted', 'approved', null],
    ['submitted', 'rejected', null],
    ['in_review', 'approved', null],
    ['in_review', 'rejected', null],
    ['in_review', 'in_review', '该申请已在审核中'],
    ['approved', 'rejected', '该申请已审核完毕，不能再次修改'],
    ['rejected', 'approved', '该申请已审核完毕，不能再次修改'],
  ])('%s → %s: %s', (current, decision, problem) => expect(nextApplicationStatusProblem(current, decision)).toBe(problem));
});

describe('ticket excerpt', () => {
  it.each([
    ['短', '短'],
    ['  多行\n描述  ', '多行 描述'],
    ['一'.repeat(41), `${'一'.repeat(40)}…`],
  ])('%j → %j', (d, e) => expect(ticketExcerpt(d)).toBe(e));
});

describe('replacement moves', () => {
  it.each([
    ['submitted', 'shipped', null],
    ['submitted', 'rejected', null],
    ['submitted', 'done', '请先发货再标记完成'],
    ['shipped', 'done', null],
    ['shipped', 'rejected', '新卡已发出，只能标记为已完成'],
    ['done', 'shipped', '该申请已处理完毕'],
    ['rejected', 'shipped', '该申请已处理完毕'],
  ])('%s → %s: %s', (current, to, problem) => expect(replacementMoveProblem(current, to)).toBe(problem));
});
