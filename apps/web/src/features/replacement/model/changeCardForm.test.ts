import { describe, expect, it } from 'vitest';
import { CHANGE_CARD_MESSAGE, changeCardFormError, type ChangeCardFields } from './changeCardForm';

const ok: ChangeCardFields = {
  receiverName: '张三',
  receiverMobile: '13800138000',
  province: '北京市',
  city: '北京市',
  district: '朝阳区',
  address: '建国路88号',
  reason: '卡片损坏',
};

describe('changeCardFormError', () => {
  it.each([
    ['a complete form', {}, undefined],
    // the operator asked for the replacement: the holder owes no reason (decision 0070)
    ['no reason', { reason: '' }, undefined],
    ['no receiver', { receiverName: ' ' }, { field: 'receiverName', message: CHANGE_CARD_MESSAGE.nameEmpty }],
    ['a receiver name over 30 characters', { receiverName: '张'.repeat(31) }, { field: 'receiverName', message: CHANGE_CARD_MESSAGE.name }],
    ['no mobile', { receiverMobile: '' }, { field: 'receiverMobile', message: '请输入手机号' }],
    ['a malformed mobile', { receiverMobile: '1380013800' }, { field: 'receiverMobile', message: '请输入正确的手机号' }],
    ['no province', { province: '', city: '' }, { field: 'region', message: CHANGE_CARD_MESSAGE.region }],
    ['a province without its city', { city: '' }, { field: 'region', message: CHANGE_CARD_MESSAGE.region }],
    ['a city without its district', { district: '' }, { field: 'region', message: CHANGE_CARD_MESSAGE.region }],
    ['a street address under 5 characters', { address: '建国路' }, { field: 'address', message: CHANGE_CARD_MESSAGE.address }],
    ['a street address over 120 characters', { address: '路'.repeat(121) }, { field: 'address', message: CHANGE_CARD_MESSAGE.address }],
    ['a reason over 200 characters', { reason: '坏'.repeat(201) }, { field: 'reason', message: CHANGE_CARD_MESSAGE.reason }],
    [
      'the first problem in page order',
      { receiverMobile: '', reason: '因'.repeat(201) },
      { field: 'receiverMobile', message: '请输入手机号' },
    ],
  ])('%s', (_n, patch, expected) => expect(changeCardFormError({ ...ok, ...patch })).toEqual(expected));
});
