import { describe, expect, it } from 'vitest';
import { CHANGE_CARD_MESSAGE, changeCardFormError } from './changeCardForm';

const ok = { receiverName: '张三', receiverMobile: '13800138000', address: '北京市朝阳区建国路88号', reason: '卡片损坏' };

describe('changeCardFormError', () => {
  it.each([
    ['a complete form', {}, undefined],
    ['no receiver', { receiverName: ' ' }, CHANGE_CARD_MESSAGE.nameEmpty],
    ['a receiver name over 30 characters', { receiverName: '张'.repeat(31) }, CHANGE_CARD_MESSAGE.name],
    ['no mobile', { receiverMobile: '' }, '请输入手机号'],
    ['a malformed mobile', { receiverMobile: '1380013800' }, '请输入正确的手机号'],
    ['an address under 5 characters', { address: '北京' }, CHANGE_CARD_MESSAGE.address],
    ['an address over 120 characters', { address: '路'.repeat(121) }, CHANGE_CARD_MESSAGE.address],
    ['no reason', { reason: '' }, CHANGE_CARD_MESSAGE.reasonEmpty],
    ['a reason over 200 characters', { reason: '坏'.repeat(201) }, CHANGE_CARD_MESSAGE.reason],
  ])('%s', (_n, patch, expected) => expect(changeCardFormError({ ...ok, ...patch })).toBe(expected));
});
