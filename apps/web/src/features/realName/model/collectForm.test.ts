import { describe, expect, it } from 'vitest';
import { COLLECT_MESSAGE, collectFormError, normaliseId, photosRequired } from './collectForm';

const ok = { name: '张三', idNumber: '11010519491231002X', mobile: '13800138000' };
const noPhotos = { required: false };

describe('collectFormError (/collect)', () => {
  it.each([
    ['a complete form', {}, undefined],
    ['a lower-case check letter', { idNumber: '11010519491231002x' }, undefined],
    ['a name with the middle dot', { name: '阿依古丽·买买提' }, undefined],
    ['no name', { name: '  ' }, { field: 'name', message: COLLECT_MESSAGE.nameEmpty }],
    ['a one-character name', { name: '张' }, { field: 'name', message: COLLECT_MESSAGE.name }],
    ['a name in Latin letters', { name: 'Zhang San' }, { field: 'name', message: COLLECT_MESSAGE.name }],
    ['no ID number', { idNumber: '' }, { field: 'idNumber', message: COLLECT_MESSAGE.idEmpty }],
    ['a wrong check digit', { idNumber: '110101199003071234' }, { field: 'idNumber', message: COLLECT_MESSAGE.id }],
    ['17 digits', { idNumber: '11010519491231002' }, { field: 'idNumber', message: COLLECT_MESSAGE.id }],
    ['an impossible birth date', { idNumber: '110105194913310023' }, { field: 'idNumber', message: COLLECT_MESSAGE.id }],
    ['no mobile', { mobile: '' }, { field: 'mobile', message: '请输入手机号' }],
    ['a malformed mobile', { mobile: '12800138000' }, { field: 'mobile', message: '请输入正确的手机号' }],
  ])('%s', (_n, patch, expected) => expect(collectFormError({ ...ok, ...patch }, noPhotos)).toEqual(expected));

  it('asks for both photos where the carrier needs them', () => {
    expect(collectFormError(ok, { required: true, front: 'a' })).toEqual({ field: 'photos', message: COLLECT_MESSAGE.photos });
    expect(collectFormError(ok, { required: true, front: 'a', back: 'b' })).toBeUndefined();
  });

  it('normalises spaces and the check letter', () => expect(normaliseId(' 110105 19491231 002x ')).toBe('11010519491231002X'));

  it.each([
    [{ supplier: 3 }, true],
    [{ supplier: 12 }, true],
    [{ supplier: 2 }, false],
    [{ supplier: 1 }, false],
    [{ supplier: 2, need_photos: true }, true],
    [{ supplier: 3, need_photos: false }, false],
  ])('photosRequired(%o) = %s', (data, expected) => expect(photosRequired(data)).toBe(expected));
});
