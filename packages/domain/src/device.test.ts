import { describe, expect, it } from 'vitest';
import { canAttach, deviceReport, signalBars, signalVerdict, simCarrier, wifiJoinUri } from './device';

describe('signal verdict 强/中/弱 (RSRP ≥ -95 and SINR ≥ 13 strong; RSRP < -105 or SINR < 0 weak)', () => {
  it.each([
    ['excellent CPE at a window', -80, 25, 'strong'],
    ['both exactly at the strong line', -95, 13, 'strong'],
    ['RSRP just under the strong line', -95.5, 20, 'fair'],
    ['SINR just under the strong line', -85, 12.9, 'fair'],
    ['middle of both', -100, 6, 'fair'],
    ['RSRP exactly at the weak line is still fair', -105, 5, 'fair'],
    ['RSRP under the weak line', -106, 20, 'weak'],
    ['SINR exactly 0 is fair', -90, 0, 'fair'],
    ['loud but noisy: the worse rating wins', -75, -2, 'weak'],
    ['quiet but clean: the worse rating wins', -112, 22, 'weak'],
    ['cell edge', -121, -6, 'weak'],
  ] as const)('%s (RSRP %s, SINR %s) → %s', (_name, rsrp, sinr, verdict) => {
    expect(signalVerdict({ rsrp, sinr })).toBe(verdict);
  });

  it.each([
    ['no measurement', null],
    ['not a number', { rsrp: Number.NaN, sinr: 10 }],
    ['infinite', { rsrp: -90, sinr: Number.NEGATIVE_INFINITY }],
  ])('%s → none (无信号)', (_name, signal) => expect(signalVerdict(signal)).toBe('none'));
});

describe('signal bars follow the verdict', () => {
  it.each([
    ['strong', { rsrp: -80, sinr: 20 }, 4],
    ['fair', { rsrp: -100, sinr: 6 }, 3],
    ['weak', { rsrp: -112, sinr: 3 }, 1],
    ['no signal', null, 0],
  ] as const)('%s → %s bars', (_name, signal, bars) => expect(signalBars(signal)).toBe(bars));
});

describe('a device can attach to a network', () => {
  it.each([
    [-90, true],
    [-120, true],
    [-120.5, false],
    [-125, false],
  ])('RSRP %s → %s', (rsrp, ok) => expect(canAttach({ rsrp })).toBe(ok));
  it('not without any signal', () => expect(canAttach(null)).toBe(false));
});

describe('wifi join QR text', () => {
  it.each([
    [{ ssid: 'Home', password: 'abcdefgh', security: 'wpa2', hidden: false }, 'WIFI:T:WPA;S:Home;P:abcdefgh;;'],
    [{ ssid: '我的家', password: '12345678', security: 'wpa2_wpa3', hidden: false }, 'WIFI:T:WPA;S:我的家;P:12345678;;'],
    [{ ssid: 'Lab', password: 'p@ss word', security: 'wpa3', hidden: true }, 'WIFI:T:SAE;S:Lab;P:p@ss word;H:true;;'],
    [{ ssid: 'a;b,c:d', password: 'x\\y"z1234', security: 'wpa2', hidden: false }, 'WIFI:T:WPA;S:a\\;b\\,c\\:d;P:x\\\\y\\"z1234;;'],
  ] as const)('%o → %s', (w, uri) => expect(wifiJoinUri(w)).toBe(uri));
});

describe('one truth with the line (docs/decisions/0066)', () => {
  const card = { iccid: '89860100000000000016', network: '中国联通' };
  it.each([
    ['the card’s own SIM, the device says another network', { iccid: card.iccid, carrier: 3 }, card, 2],
    ['the card’s own SIM, the device agrees', { iccid: card.iccid, carrier: 2 }, card, 2],
    ['another SIM of a multi-SIM device: the device’s report', { iccid: '89860300000031000012', carrier: 3 }, card, 3],
    [
      'a multi-SIM card (三网通 is no one network): the device’s report',
      { iccid: card.iccid, carrier: 1 },
      { ...card, network: '三网通' },
      1,
    ],
    ['a card whose network is unknown: the device’s report', { iccid: card.iccid, carrier: 3 }, { ...card, network: '' }, 3],
    ['中国移动', { iccid: card.iccid, carrier: 3 }, { ...card, network: '中国移动' }, 1],
    ['中国电信', { iccid: card.iccid, carrier: 2 }, { ...card, network: '中国电信' }, 3],
  ] as const)('%s', (_n, sim, c, want) => expect(simCarrier(sim, c)).toBe(want));

  it.each([
    [
      { online: true, onlineChangedAt: '2026-11-27T01:00:00.000Z' },
      { live: true, reported_at: '' },
    ],
    [
      { online: false, onlineChangedAt: '2026-11-27T01:00:00.000Z' },
      { live: false, reported_at: '2026-11-27T01:00:00.000Z' },
    ],
  ])('report of %j', (d, want) => expect(deviceReport(d)).toEqual(want));
});
