import type { CardInfoAnswer } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTypedStorage, LOCAL_CODECS, memoryStorage } from '../../../lib/storage';
import { groupCardNumber } from '@portal/domain';
import { cardStatus } from './cardStatus';
import { chooseCurrentCard, currentAfterUnbind, rememberCardInfo, switchCard } from './currentCard';

const list = [{ custom_num: '1000000001' }, { custom_num: '1000000002' }];

describe('chooseCurrentCard', () => {
  it.each([
    ['keeps a stored card that is still bound', '1000000002', list, '1000000002'],
    ['picks the first bound card when none is stored', undefined, list, '1000000001'],
    ['picks the first when the stored one is no longer bound', '1000000099', list, '1000000001'],
    ['none without bound cards', '1000000001', [], undefined],
  ] as const)('%s', (_n, stored, l, expected) => expect(chooseCurrentCard(stored, l)).toBe(expected));
});

describe('currentAfterUnbind', () => {
  it.each([
    ['another card removed: current stays', '1000000001', '1000000002', '1000000001'],
    ['current removed: the next bound card', '1000000001', '1000000001', '1000000002'],
  ])('%s', (_n, current, removed, expected) => expect(currentAfterUnbind(current, removed, list)).toBe(expected));
  it('last card removed: none', () => expect(currentAfterUnbind('1000000001', '1000000001', [list[0]])).toBeUndefined());
});

const answer = {
  info: {
    custom_num: '1000000001',
    supplier: 2,
    card_extensions: { pre_store_mold: 1, member_right_switch: false, fake_real_name: false },
    x_member_rights: null,
  },
  series_type: 3,
} as unknown as CardInfoAnswer;

describe('card session', () => {
  it('remembers the info', () => {
    const s = createTypedStorage(memoryStorage(), LOCAL_CODECS);
    s.set('customNum', '1000000001');
    rememberCardInfo(answer, s);
    expect(s.get('cardInfo')?.custom_num).toBe('1000000001');
  });

  it('ignores an answer for a card that is no longer current', () => {
    const s = createTypedStorage(memoryStorage(), LOCAL_CODECS);
    s.set('customNum', '1000000002');
    rememberCardInfo(answer, s);
    expect(s.get('cardInfo')).toBeUndefined();
  });

  it('switching cards drops the previous card info', () => {
    const s = createTypedStorage(memoryStorage(), LOCAL_CODECS);
    s.set('customNum', '1000000001');
    rememberCardInfo(answer, s);
    switchCard('1000000002', s);
    expect(s.get('customNum')).toBe('1000000002');
    expect(s.get('cardInfo')).toBeUndefined();
  });
});

describe('cardStatus', () => {
  it.each([
    [1, '已激活', 'success'],
    [0, '未激活', 'warning'],
    [3, '已停机', 'danger'],
    [6, '已销户', 'danger'],
    [5, '状态未知', 'neutral'],
    [42, '未知状态', 'neutral'],
  ])('state %i → %s (%s)', (state, label, tone) => expect(cardStatus(state)).toEqual({ label, tone }));
  it('groups card numbers by four', () => expect(groupCardNumber('1000000001')).toBe('1000 0000 01'));
});
