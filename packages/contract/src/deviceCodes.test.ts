import { describe, expect, it } from 'vitest';
import { Code, httpStatusOf } from './codes';
import { DEVICE_MESSAGE, DeviceCode } from './deviceCodes';

describe('device codes', () => {
  it('are business errors (HTTP 400) with a Chinese message, and no general code reuses them', () => {
    const general = new Set<number>(Object.values(Code));
    for (const code of Object.values(DeviceCode)) {
      expect(httpStatusOf(code), `code ${code}`).toBe(400);
      expect(DEVICE_MESSAGE[code], `code ${code}`).toMatch(/[\u4e00-\u9fa5]/);
      expect(general.has(code), `code ${code}`).toBe(false);
    }
  });
});
