import { describe, expect, it } from 'vitest';
import { CardState } from '@portal/contract/enums';
import { cardStatus, lineStatus } from './cardStatus';

describe('the status chip beside the line’s problem', () => {
  it.each([
    [
      'an active card on another carrier’s platform: no 已激活',
      CardState.Activated,
      'wrong_platform',
      { label: '状态无法查询', tone: 'warning' },
    ],
    ['a stopped one there too', CardState.Stopped, 'wrong_platform', { label: '状态无法查询', tone: 'warning' }],
    ['a stopped card keeps the carrier’s word', CardState.Stopped, 'stopped', cardStatus(CardState.Stopped)],
    ['no problem: the stored state', CardState.Activated, null, { label: '已激活', tone: 'success' }],
    ['the problem not known yet: the stored state', CardState.Activated, undefined, { label: '已激活', tone: 'success' }],
  ])('%s', (_case, state, code, out) => expect(lineStatus(state, code)).toEqual(out));
});
