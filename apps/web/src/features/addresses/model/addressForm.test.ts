import { describe, expect, it } from 'vitest';
import { addressFormError, EMPTY_ADDRESS, type AddressFields } from './addressForm';

const ok: AddressFields = {
  ...EMPTY_ADDRESS,
  receiver: '王小明',
  mobile: '13700137000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  address: '科技园科苑路 15 号',
};

describe('addressFormError', () => {
  it.each([
    ['nothing wrong', ok, null],
    ['one-letter receiver', { ...ok, receiver: '王' }, 'receiver'],
    ['blank receiver', { ...ok, receiver: '   ' }, 'receiver'],
    ['short mobile', { ...ok, mobile: '1370013' }, 'mobile'],
    ['no district', { ...ok, district: '' }, 'region'],
    ['no region', { ...ok, province: '', city: '', district: '' }, 'region'],
    ['short street', { ...ok, address: '科苑路' }, 'address'],
    ['long street', { ...ok, address: '路'.repeat(101) }, 'address'],
  ] as const)('%s', (_, fields, field) => expect(addressFormError(fields)?.field ?? null).toBe(field));
});
