import { describe, expect, it } from 'vitest';
import { Code, httpStatusOf } from './codes';
import { DeviceCode } from './deviceCodes';
import { SHOP_MESSAGE, ShopCode } from './shopCodes';

describe('shop codes', () => {
  it('are business errors (HTTP 400) with a Chinese message, and no other table reuses them', () => {
    const others = new Set<number>([...Object.values(Code), ...Object.values(DeviceCode)]);
    for (const code of Object.values(ShopCode)) {
      expect(httpStatusOf(code), `code ${code}`).toBe(400);
      expect(SHOP_MESSAGE[code], `code ${code}`).toMatch(/[\u4e00-\u9fa5]/);
      expect(others.has(code), `code ${code}`).toBe(false);
    }
  });
});
