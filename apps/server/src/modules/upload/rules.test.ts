import { describe, expect, it } from 'vitest';
import { imageTypeOf, isOwner, ownerOf } from './rules';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageTypeOf (magic bytes)', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png'],
    ['gif87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['gif89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['RIFF but a WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['png with a broken signature', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a]), null],
    ['pdf', bytes('%PDF-1.7'), null],
    ['svg (scriptable, refused)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['html', bytes('<!doctype html>'), null],
    ['empty', bytes(), null],
    ['two bytes of jpeg', bytes([0xff, 0xd8]), null],
  ])('%s → %s', (_name, buf, expected) => expect(imageTypeOf(buf)).toBe(expected));
});

describe('upload ownership', () => {
  it.each([
    ['same user', { owner_user_id: 7, owner_custom_num: '' }, { userId: 7, customNum: '' }, true],
    [
      'same user, logged in with a card of theirs too',
      { owner_user_id: 7, owner_custom_num: '' },
      { userId: 7, customNum: '1000000001' },
      true,
    ],
    ['another user', { owner_user_id: 7, owner_custom_num: '' }, { userId: 8, customNum: '' }, false],
    ['same card login', { owner_user_id: 0, owner_custom_num: '1000000014' }, { userId: 0, customNum: '1000000014' }, true],
    ['another card login', { owner_user_id: 0, owner_custom_num: '1000000014' }, { userId: 0, customNum: '1000000015' }, false],
    ['a user is not a card login', { owner_user_id: 0, owner_custom_num: '1000000014' }, { userId: 7, customNum: '' }, false],
  ])('%s → %s', (_name, row, auth, expected) => expect(isOwner(row, auth)).toBe(expected));

  it('a user owns by user id, a card-number login by its card', () => {
    expect(ownerOf({ userId: 7, customNum: '1000000001' })).toEqual({ userId: 7, customNum: '' });
    expect(ownerOf({ userId: 0, customNum: '1000000014' })).toEqual({ userId: 0, customNum: '1000000014' });
  });
});
