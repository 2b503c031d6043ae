import { describe, expect, it } from 'vitest';
import { clampQuantity, EMPTY_ORDER_FORM, orderFormError } from './orderForm';

describe('clampQuantity', () => {
  it.each([
    ['1', undefined, 1],
    ['0', undefined, 1],
    ['', undefined, 1],
    ['-3', undefined, 3],
    ['2.7', undefined, 2],
    [2.7, undefined, 2],
    ['12000', undefined, 9999],
    ['9999', undefined, 9999],
    ['30', 5, 5],
    ['3', 0, 1],
    ['abc', undefined, 1],
  ] as const)('%j (max %s) → %s', (raw, max, want) => expect(clampQuantity(raw, max)).toBe(want));
});

describe('orderFormError', () => {
  const ok = {
    ...EMPTY_ORDER_FORM,
    receiver: '张三',
    mobile: '13900139000',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    address: '科技园路1号',
  };
  it.each([
    ['complete', {}, null],
    ['one-letter receiver', { receiver: '张' }, 'receiver'],
    ['short mobile', { mobile: '1390013' }, 'mobile'],
    ['no region', { province: '', city: '' }, 'region'],
    ['no district', { district: '' }, 'region'],
    ['short address', { address: '1号' }, 'address'],
  ] as const)('%s → %s', (_, patch, field) => expect(orderFormError({ ...ok, ...patch })?.field ?? null).toBe(field));
});
