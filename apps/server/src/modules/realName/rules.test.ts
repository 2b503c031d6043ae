import { describe, expect, it } from 'vitest';
import { needsIdPhotos, realNamePageOf, realNameSupplierOf, safeReturnPath, withDoneFlag } from './rules';

describe('real-name rules', () => {
  it.each([
    [1, 1, '/yd_real_name'],
    [2, 2, '/lt_real_name'],
    [5, 2, '/lt_real_name'],
    [3, 3, '/dx_real_name'],
    [8, 8, '/bj_real_name'],
    [12, 12, '/cme_real_name'],
    [6, 6, '/fe_real_name'],
    [7, 7, '/fe_real_name'],
  ])('card supplier %i → real-name supplier %i → %s', (supplier, rn, page) => {
    expect(realNameSupplierOf(supplier)).toBe(rn);
    expect(realNamePageOf(rn)).toBe(page);
  });
  it('broadcast (13) uses the CME page', () => expect(realNamePageOf(13)).toBe('/cme_real_name'));

  it.each([
    ['/dx_real_name', '/dx_real_name'],
    ['/remind?x=1', '/remind?x=1'],
    ['//evil.example/x', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\\evil.example', '/'],
    ['/a\nb', '/'],
    ['', '/'],
    [undefined, '/'],
    ['/' + 'a'.repeat(400), '/'],
  ])('safeReturnPath(%j) = %s', (v, expected) => expect(safeReturnPath(v as string | undefined)).toBe(expected));

  it('adds the done flag, keeping the query', () => {
    expect(withDoneFlag('/dx_real_name')).toBe('/dx_real_name?real_name=done');
    expect(withDoneFlag('/remind?a=1')).toBe('/remind?a=1&real_name=done');
  });

  it.each([
    [1, false],
    [2, false],
    [3, true],
    [8, false],
    [12, true],
    [13, true],
  ])('real-name supplier %i needs ID photos: %s', (rn, expected) => expect(needsIdPhotos(rn)).toBe(expected));
});
