// Which carrier accounts take cards from the console, and how a message names them (carrierAccounts.ts).
import { describe, expect, it } from 'vitest';
import { acceptedNames, acceptsCards, carrierLabelOf } from './carrierAccounts';

describe('carrier accounts a card may be put on', () => {
  it.each([
    ['an enabled account', { id: 2, enabled: 1 }, false, true],
    ['a disabled account', { id: 2, enabled: 0 }, true, false],
    ['the simulator account where the simulator runs', { id: 1, enabled: 1 }, true, true],
    ['the simulator account where it does not', { id: 1, enabled: 1 }, false, false],
  ])('%s', (_name, account, simulator, expected) => expect(acceptsCards(account, simulator)).toBe(expected));

  it('names at most 10 accounts, then 等', () => {
    expect(acceptedNames(['simulator', 'ct-a'])).toBe('可选：simulator、ct-a');
    const twelve = Array.from({ length: 12 }, (_, i) => `a${i + 1}`);
    expect(acceptedNames(twelve)).toBe(`可选：${twelve.slice(0, 10).join('、')} 等`);
    expect(acceptedNames(twelve.slice(0, 10))).toBe(`可选：${twelve.slice(0, 10).join('、')}`);
    expect(acceptedNames([])).toBe('没有可用的运营商账号');
  });

  it('labels the platform kinds', () => {
    expect(carrierLabelOf('simulator')).toBe('模拟器');
    expect(carrierLabelOf('ctwing')).toBe('中国电信 5G CMP（CTWing）');
    expect(carrierLabelOf('nope')).toBe('nope');
  });
});
