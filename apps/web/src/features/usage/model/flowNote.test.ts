import { describe, expect, it } from 'vitest';
import type { LineProblem } from '@portal/contract';
import { flowNote } from './flowNote';

const wrong: LineProblem = {
  code: 'wrong_platform',
  title: '卡状态暂时无法查询',
  detail: '这张卡是中国联通的卡，但登记在中国移动的平台上',
  fix: { kind: 'customer', text: '联系客服' },
};
const needed = { message: '请先完成实名认证', to: '/remind', label: '前往实名认证' };

describe('the note /flow shows', () => {
  it.each([
    [
      'the wrong platform, in its words, with 联系客服',
      needed,
      wrong,
      { message: `${wrong.title}：${wrong.detail}`, to: '/customer?form=flow', label: '联系客服' },
    ],
    [
      'the wrong platform when nothing else is needed',
      null,
      wrong,
      { message: `${wrong.title}：${wrong.detail}`, to: '/customer?form=flow', label: '联系客服' },
    ],
    ['what the card still needs otherwise', needed, null, needed],
    ['another problem leaves the gate’s note', needed, { ...wrong, code: 'data_used_up' as const }, needed],
    ['nothing when nothing is wrong', null, null, null],
  ])('%s', (_case, n, p, out) => expect(flowNote(n, p)).toEqual(out));
});
