import { describe, expect, it } from 'vitest';
import { closableByOwner, excerptOf, ticketNoOf, timelineOf, wantsDiagnosis } from './rules';

describe('ticketNoOf', () => {
  it.each([
    ['2026-11-24T00:40:00Z', 7, 'T26112400000007'],
    // 16:30 UTC is already the next day in China
    ['2026-11-24T16:30:00Z', 12345678, 'T26112512345678'],
  ])('%s, %i → %s', (iso, r, no) => expect(ticketNoOf(new Date(iso), r)).toBe(no));
});

describe('timelineOf', () => {
  it('labels each known step and leaves unknown ones out', () => {
    expect(
      timelineOf([
        { status: 'submitted', content: '', created_at: 'a' },
        { status: 'escalated', content: 'x', created_at: 'b' },
        { status: 'replied', content: '已为您处理', created_at: 'c' },
      ]),
    ).toEqual([
      { status: 'submitted', label: '已提交', content: '', at: 'a' },
      { status: 'replied', label: '已回复', content: '已为您处理', at: 'c' },
    ]);
  });
});

describe('excerptOf', () => {
  it.each([
    ['短的描述', '短的描述'],
    ['多行\n  描述', '多行 描述'],
    ['一'.repeat(41), `${'一'.repeat(40)}…`],
    ['一'.repeat(40), '一'.repeat(40)],
  ])('%s → %s', (d, e) => expect(excerptOf(d)).toBe(e));
});

describe('wantsDiagnosis', () => {
  it.each([
    ['connectivity', true],
    ['billing', false],
    ['suggestion', false],
  ] as const)('%s → %s', (c, e) => expect(wantsDiagnosis(c)).toBe(e));
});

describe('closableByOwner', () => {
  it.each([
    ['submitted', true],
    ['in_progress', true],
    ['replied', true],
    ['closed', false],
  ])('%s → %s', (status, want) => expect(closableByOwner(status)).toBe(want));
});
