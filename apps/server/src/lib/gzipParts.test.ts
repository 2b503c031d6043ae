import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, deflatedPart, gzipJoined, joined, plainPart } from './gzipParts';

describe('a gzip answer made of parts', () => {
  const parts = [
    deflatedPart('<html><head>'),
    plainPart('<meta name="first-screen" content="/flow">'),
    deflatedPart('<style>.a{color:red}</style>'.repeat(50)),
    plainPart(''),
    plainPart('<p>剩余流量 93.16GB</p>'),
    deflatedPart('</body></html>'),
  ];

  it('unzips to the parts one after another, bytes for bytes', () => {
    const zipped = gzipJoined(parts);
    expect(gunzipSync(zipped).equals(joined(parts))).toBe(true);
    expect(gunzipSync(zipped).toString()).toContain('<p>剩余流量 93.16GB</p>');
  });

  it('a part deflated once serves every answer: the same bytes each time', () => {
    const fixed = deflatedPart('x'.repeat(10_000));
    for (const varying of ['a', 'bb', '流量']) {
      const answer = [fixed, plainPart(varying), fixed];
      expect(gunzipSync(gzipJoined(answer)).toString()).toBe('x'.repeat(10_000) + varying + 'x'.repeat(10_000));
    }
    expect(gzipJoined([fixed]).length).toBeLessThan(200);
  });

  it('no parts, or only empty ones, is an empty gzip', () => {
    expect(gunzipSync(gzipJoined([])).length).toBe(0);
    expect(gunzipSync(gzipJoined([plainPart(''), deflatedPart('')])).length).toBe(0);
  });
});

describe('Accept-Encoding takes gzip', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['deflate, br', false],
    ['identity', false],
    ['*', true],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['br, *;q=0.5', true],
  ])('%s → %s', (header, takes) => {
    expect(acceptsGzip(header)).toBe(takes);
  });
});
