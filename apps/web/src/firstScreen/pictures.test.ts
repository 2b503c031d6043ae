import { describe, expect, it } from 'vitest';
import { withFirstPictures } from './pictures';

describe('a first screen’s first pictures', () => {
  it.each<[string, string, string, string[]]>([
    ['none', '<p>x</p>', '<p>x</p>', []],
    [
      'one, lazy: asked at once, with high priority',
      '<img src="/shop/a.png" loading="lazy" alt="a">',
      '<img fetchpriority="high" src="/shop/a.png" alt="a">',
      ['/shop/a.png'],
    ],
    [
      'three: the first two only',
      '<img src="/1.png"><img src="/2.png"><img src="/3.png" loading="lazy">',
      '<img fetchpriority="high" src="/1.png"><img fetchpriority="high" src="/2.png"><img src="/3.png" loading="lazy">',
      ['/1.png', '/2.png'],
    ],
    [
      'an address with an escaped &',
      '<img src="/a.png?w=1&amp;h=2">',
      '<img fetchpriority="high" src="/a.png?w=1&amp;h=2">',
      ['/a.png?w=1&h=2'],
    ],
  ])('%s', (_, markup, marked, pictures) => {
    expect(withFirstPictures(markup)).toEqual({ markup: marked, pictures });
  });
});
