import { describe, expect, it } from 'vitest';
import { accountColumnHint } from './carrierAccounts';

describe('accountColumnHint', () => {
  it.each([
    ['none enabled', [], '当前没有可用的运营商账号，请先由平台管理员启用。'],
    [
      'the simulator and a real account',
      [
        { name: 'simulator', default: true },
        { name: 'ct-a', default: false },
      ],
      '运营商账号填账号名称，留空即模拟器账号（simulator）；可填：simulator、ct-a。',
    ],
    ['no simulator here: the cell is required', [{ name: 'ct-a', default: false }], '运营商账号填账号名称，必须填写；可填：ct-a。'],
  ])('%s', (_name, choices, expected) => expect(accountColumnHint(choices)).toBe(expected));

  it('names at most 10, then 等', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `a${i + 1}`, default: false }));
    expect(accountColumnHint(many)).toBe(
      `运营商账号填账号名称，必须填写；可填：${many
        .slice(0, 10)
        .map((c) => c.name)
        .join('、')} 等。`,
    );
  });
});
