import { describe, expect, it } from 'vitest';
import { encodeQr } from './encodeQr';

describe('encodeQr', () => {
  it('a wifi text (with a Chinese SSID) fits a version-3+ symbol, quiet zone included', () => {
    const { size, d } = encodeQr('WIFI:T:WPA;S:我的WiFi;P:NewPass2026;;');
    expect(size).toBeGreaterThanOrEqual(29 + 4);
    expect((size - 4 - 17) % 4).toBe(0); // 17 + 4 × version modules
    expect(d.startsWith('M2 2h1v1h-1z')).toBe(true); // the finder pattern's corner
  });
});
