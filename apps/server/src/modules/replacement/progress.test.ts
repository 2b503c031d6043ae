import { describe, expect, it } from 'vitest';
import { replacementProgress, type ApplicationFacts } from './progress';

const base: ApplicationFacts = { status: 'submitted', carrier: '', tracking_no: '', reject_reason: '', new_custom_num: '' };

describe('replacementProgress', () => {
  it.each([
    [{ status: 'submitted' }, '换卡申请审核中', ['current', 'todo', 'todo'], true, /审核通过后将寄出新卡/],
    [
      { status: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' },
      '新卡已寄出',
      ['done', 'current', 'todo'],
      true,
      /顺丰速运 SF1234567890，请留意查收/,
    ],
    [{ status: 'shipped' }, '新卡已寄出', ['done', 'current', 'todo'], true, /^请留意查收$/],
    [{ status: 'done', new_custom_num: '1000000099' }, '换卡已完成', ['done', 'done', 'done'], false, /新卡 1000000099 已启用/],
    [{ status: 'rejected', reject_reason: '地址不完整' }, '换卡申请未通过', ['failed', 'todo', 'todo'], false, /地址不完整/],
  ] as const)('%o → %s', (patch, title, states, ongoing, detail) => {
    const p = replacementProgress({ ...base, ...patch });
    expect(p.title).toBe(title);
    expect(p.steps.map((s) => s.state)).toEqual(states);
    expect(p.steps.map((s) => s.label)).toEqual(['已提交申请', '新卡已寄出', '已收到新卡']);
    expect(p.ongoing).toBe(ongoing);
    expect(p.detail).toMatch(detail);
  });
});
