import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_HEAD_MARK, FIRST_SCREEN_MARK } from '@portal/contract/firstScreen';
import { pagePath, paintedIndex, type PaintedScreen } from './page';

const INDEX = `<html><head><style>x</style>${FIRST_SCREEN_HEAD_MARK}<script>head()</script></head><body><div id="root"></div>${FIRST_SCREEN_MARK}<script>paint()</script></body></html>`;
const screen: PaintedScreen = { path: '/flow', owner: 'k3x9', markup: '<p>93.33GB</p>', pictures: [], styles: ['.a{color:red}'] };

describe('index.html with a first screen', () => {
  it('puts the meta and the stylesheets before the head script, the markup after #root, inert', () => {
    expect(paintedIndex(INDEX, screen)).toBe(
      '<html><head><style>x</style><meta name="first-screen" content="/flow" data-owner="k3x9"><style data-snapshot-css="">.a{color:red}</style>' +
        '<script>head()</script></head><body><div id="root"></div><div id="page-snapshot" inert=""><p>93.33GB</p></div>' +
        '<script>paint()</script></body></html>',
    );
  });

  it.each<[string, Partial<PaintedScreen>, string]>([
    [
      'a picture asked for at once',
      { pictures: ['/shop/a.png?w=1&h=2'] },
      '<link rel="preload" as="image" fetchpriority="high" href="/shop/a.png?w=1&amp;h=2">',
    ],
    ['a picture address that would end the attribute', { pictures: ['/a".png'] }, 'href="/a&quot;.png"'],
    [
      'a stylesheet that would end its element',
      { styles: ['a{content:"</style><script>"}'] },
      '<style data-snapshot-css="">a{content:"<\\/style><script>"}</style>',
    ],
    ['a path with a quote', { path: '/x"y' }, 'content="/x&quot;y"'],
  ])('%s', (_, change, expected) => {
    expect(paintedIndex(INDEX, { ...screen, ...change })).toContain(expected);
  });

  it.each([
    ['no mark in the head', INDEX.replace(FIRST_SCREEN_HEAD_MARK, '')],
    ['no mark in the body', INDEX.replace(FIRST_SCREEN_MARK, '')],
    ['the body’s mark before the head’s', `${FIRST_SCREEN_MARK}<head>${FIRST_SCREEN_HEAD_MARK}</head>`],
  ])('an index.html with %s (another build) gets none', (_, html) => {
    expect(paintedIndex(html, screen)).toBeUndefined();
  });

  it('a markup with $ patterns is put in as it is', () => {
    expect(paintedIndex(INDEX, { ...screen, markup: "<p>$&$'$1</p>" })).toContain("<p>$&$'$1</p>");
  });

  it.each([
    ['/', '/'],
    ['/flow', '/flow'],
    ['/flow/', '/flow'],
    ['//', '/'],
  ])('the path of %s is %s', (pathname, path) => {
    expect(pagePath(pathname)).toBe(path);
  });
});
