import { describe, expect, it } from 'vitest';
import { fitName, POSTER, posterTexts, QR_BOX, QR_MARGIN, qrPlacement } from './poster';

describe('invitation poster layout', () => {
  it.each([
    ['畅联流量卡自助服务', '畅联流量卡自助服务'],
    ['一二三四五六七八九十一二三四', '一二三四五六七八九十一二三四'],
    ['一二三四五六七八九十一二三四五', '一二三四五六七八九十一二三…'],
    ['  极客通信  ', '极客通信'],
  ])('fitName(%s) is %s', (name, fitted) => expect(fitName(name)).toBe(fitted));

  it('carries the brand, the code and the reward, and keeps every line and the QR card on the poster', () => {
    const texts = posterTexts({ appName: '畅联流量卡自助服务', code: 'ABCD2345', rewardGrowth: 200 });
    expect(texts.map((t) => t.text)).toEqual(
      expect.arrayContaining(['畅联流量卡自助服务', '邀请码  ABCD2345', '好友注册并首次购买套餐，您可获得 200 成长值']),
    );
    for (const t of texts) {
      expect(t.y, t.text).toBeGreaterThan(t.size);
      expect(t.y, t.text).toBeLessThan(POSTER.height);
    }
    expect(QR_BOX.x - QR_MARGIN).toBeGreaterThanOrEqual(0);
    expect(QR_BOX.x + QR_BOX.size + QR_MARGIN).toBeLessThanOrEqual(POSTER.width);
    // the texts under the QR start below its card
    const below = texts.filter((t) => t.y > QR_BOX.y);
    for (const t of below) expect(t.y - t.size, t.text).toBeGreaterThan(QR_BOX.y + QR_BOX.size + QR_MARGIN);
  });

  it('says no reward when the programme gives none', () => {
    expect(posterTexts({ appName: 'x', code: 'C', rewardGrowth: 0 }).map((t) => t.text)).toContain('好友扫码即可注册，成为您邀请的好友');
  });
});

describe('the QR code in its box', () => {
  // versions 1–10 of a QR code (21–57 modules), as links of different lengths make them
  it.each([21, 25, 29, 33, 37, 41, 45, 49, 53, 57])('%i modules: whole pixels, centred, inside the box', (modules) => {
    const p = qrPlacement(modules);
    expect(Number.isInteger(p.module) && Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
    expect(p.module).toBe(Math.floor(QR_BOX.size / modules));
    const drawn = p.module * modules;
    expect(p.x - QR_BOX.x).toBeGreaterThanOrEqual(0);
    expect(p.x + drawn).toBeLessThanOrEqual(QR_BOX.x + QR_BOX.size);
    // centred to the pixel
    expect(Math.abs(p.x - QR_BOX.x - (QR_BOX.x + QR_BOX.size - p.x - drawn))).toBeLessThanOrEqual(1);
    expect(p.y - QR_BOX.y).toBe(p.x - QR_BOX.x);
  });
});
