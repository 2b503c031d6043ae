import { describe, expect, it } from 'vitest';
import { balanceRechargeShown, isVerified, realNameModeOf } from './realName';

describe('real-name mode by supplier (docs/spec/portal-spec.md §4)', () => {
  it.each([
    ['Telecom', 3, undefined, 1],
    ['CME', 12, undefined, 1],
    ['Broadcast', 13, undefined, 1],
    ['China Mobile, mold 1', 1, 1, 1],
    ['China Mobile, mold 0', 1, 0, 0],
    ['China Mobile, no mold', 1, null, 0],
    ['Unicom', 2, undefined, 0],
    ['NaiZu', 4, undefined, 0],
    ['Bajun/XunCao', 8, undefined, 0],
  ])('%s → %s', (_name, supplier, mold, mode) => expect(realNameModeOf(supplier, mold)).toBe(mode));
});

describe('balance recharge channel visibility', () => {
  it.each([
    ['mix', 1, false, true],
    ['balance', 3, false, true],
    ['recharge', 2, true, false],
    ['default follows open_balance_recharge on', 0, true, true],
    ['default follows open_balance_recharge off', 0, false, false],
  ])('%s', (_n, mold, open, shown) => expect(balanceRechargeShown(mold, open)).toBe(shown));
});

describe('verified card', () => {
  it.each([
    [false, true, true],
    [true, true, false],
    [false, false, false],
    [true, false, false],
  ])('fake=%s supplierAuth=%s → %s', (fake, auth, v) => expect(isVerified(fake, auth)).toBe(v));
});
