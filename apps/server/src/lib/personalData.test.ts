import { describe, expect, it } from 'vitest';
import { createSealer, personalData } from './personalData';

const a = createSealer('key-a');
const b = createSealer('key-b');

describe('personal data sealing', () => {
  it.each(['11010519491231002X', '张三', '13900139000', '', '北京市海淀区中关村大街 1 号 😀'])(
    'round-trips %j and never stores it in the clear',
    (plain) => {
      const sealed = a.seal(plain);
      expect(sealed.startsWith('pd1.')).toBe(true);
      if (plain) expect(sealed).not.toContain(plain);
      expect(a.open(sealed)).toBe(plain);
    },
  );

  it('seals the same value differently each time (random IV), both open', () => {
    const [x, y] = [a.seal('11010519491231002X'), a.seal('11010519491231002X')];
    expect(x).not.toBe(y);
    expect([a.open(x), a.open(y)]).toEqual(['11010519491231002X', '11010519491231002X']);
  });

  it('reads values from before sealing as they are', () => {
    expect(a.open('11010519491231002X')).toBe('11010519491231002X');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(a.openBytes(jpeg).equals(jpeg)).toBe(true);
  });

  it.each<[string, (s: string) => string]>([
    ['another key', (s) => s],
    ['a flipped character', (s) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1)],
    ['a truncated value', (s) => s.slice(0, 10)],
  ])('refuses to open %s', (name, change) => {
    const sealed = change(a.seal('11010519491231002X'));
    const opener = name === 'another key' ? b : a;
    expect(() => opener.open(sealed)).toThrow();
  });

  it('seals bytes: not the image at rest, the image again when opened', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000, 7)]);
    const sealed = a.sealBytes(png);
    expect(sealed.includes(png.subarray(0, 8))).toBe(false);
    expect(a.openBytes(sealed).equals(png)).toBe(true);
    expect(() => b.openBytes(sealed)).toThrow();
  });

  it('derives one sealer per configured key', () => {
    expect(personalData({ personalDataKey: 'k' })).toBe(personalData({ personalDataKey: 'k' }));
    expect(personalData({ personalDataKey: 'k' }).open(createSealer('k').seal('x'))).toBe('x');
  });
});
