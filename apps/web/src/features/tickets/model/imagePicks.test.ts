import { describe, expect, it } from 'vitest';
import { isImageFile, pickReport, sortPick } from './imagePicks';

const f = (name: string, size: number, type = 'image/png') => ({ name, size, type });
const MB = 1024 * 1024;

describe('sortPick', () => {
  it.each([
    ['all fit', [f('a.png', 1), f('b.png', 2)], 9, ['a.png', 'b.png'], [], [], 0],
    [
      'an oversize file is dropped, the rest kept',
      [f('a.png', 1), f('big.png', 6 * MB), f('c.png', 3)],
      9,
      ['a.png', 'c.png'],
      ['big.png'],
      [],
      0,
    ],
    ['exactly 5 MB is fine', [f('a.png', 5 * MB)], 9, ['a.png'], [], [], 0],
    ['beyond the room: truncated', [f('a.png', 1), f('b.png', 1), f('c.png', 1)], 2, ['a.png', 'b.png'], [], [], 1],
    ['no room at all', [f('a.png', 1)], 0, [], [], [], 1],
    ['a pdf is no image', [f('a.pdf', 1, 'application/pdf'), f('b.jpg', 1, 'image/jpeg')], 9, ['b.jpg'], [], ['a.pdf'], 0],
    ['oversize does not use room', [f('big.png', 9 * MB), f('a.png', 1)], 1, ['a.png'], ['big.png'], [], 0],
  ])('%s', (_n, files, room, accepted, oversize, notImage, truncated) => {
    const p = sortPick(files, room);
    expect(p.accepted.map((x) => x.name)).toEqual(accepted);
    expect(p.oversize.map((x) => x.name)).toEqual(oversize);
    expect(p.notImage.map((x) => x.name)).toEqual(notImage);
    expect(p.truncated).toBe(truncated);
  });
});

describe('isImageFile', () => {
  it.each([
    [f('a.png', 1), true],
    [f('a.heic', 1, ''), false],
    [f('photo.JPG', 1, ''), true],
    [f('a.txt', 1, 'text/plain'), false],
  ])('%o → %s', (file, e) => expect(isImageFile(file)).toBe(e));
});

describe('pickReport', () => {
  it('says what was left out', () => {
    expect(pickReport(sortPick([f('big.png', 6 * MB), f('a.png', 1), f('b.png', 1)], 1), 9)).toBe(
      'big.png 超过5MB，未上传；最多上传9张，已忽略多出的1张',
    );
    expect(pickReport(sortPick([f('a.png', 1)], 9), 9)).toBe('');
  });
});
