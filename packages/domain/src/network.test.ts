import { describe, expect, it } from 'vitest';
import { isMultiSimDevice, issuerCarrierOf, issuerNetworkOf, networkName } from './network';

const UNICOM_ICCID = '89860119000000000001';
const MOBILE_ICCID = '89860023000000000001';
const TELECOM_ICCID = '89860317000000000001';
const BROADCAST_ICCID = '89861524000000000001';

describe('the network a card holder knows', () => {
  it.each([
    // supplier, card_mold, iccid, shown, why
    [1, 1, MOBILE_ICCID, '中国移动', 'China Mobile card'],
    [2, 1, UNICOM_ICCID, '中国联通', 'Unicom card'],
    [3, 1, TELECOM_ICCID, '中国电信', 'Telecom card'],
    [5, 1, UNICOM_ICCID, '中国联通', 'joint Unicom is Unicom'],
    [12, 1, BROADCAST_ICCID, '中国广电', 'CME is China Broadcast'],
    [3, 1, UNICOM_ICCID, '中国电信', 'a carrier supplier wins over an odd ICCID'],
    [8, 1, UNICOM_ICCID, '中国联通', 'Bajun resells: the SIM’s issuer, never 八骏'],
    [8, 1, MOBILE_ICCID, '中国移动', 'Bajun on a Mobile SIM'],
    [4, 2, TELECOM_ICCID, '中国电信', 'NaiZu resells: never 耐族'],
    [6, 1, BROADCAST_ICCID, '中国广电', 'CoolFish on a Broadcast SIM'],
    [10, 10, UNICOM_ICCID, '中国联通', 'a single-SIM wifi device: its SIM’s network, never 随身WiFi'],
    [9, 4, UNICOM_ICCID, '三网通', 'MoreCard multi-SIM device, never 多卡'],
    [2, 4, UNICOM_ICCID, '三网通', 'multi-card device model'],
    [7, 7, MOBILE_ICCID, '三网通', 'mifi multi-card device'],
    [7, 18, MOBILE_ICCID, '三网通', 'YiRan 5G multi-SIM mifi'],
    [8, 1, '', '', 'reseller without ICCID: nothing rather than the supplier'],
    [11, 1, '12345678901234567890', '', 'unknown ICCID scheme'],
    [8, 1, '89869919000000000001', '', 'unknown issuer code'],
  ])('supplier %i, model %i, ICCID %s → %s (%s)', (supplier, card_mold, iccid, shown) =>
    expect(networkName({ supplier, card_mold, iccid })).toBe(shown),
  );

  it.each([
    [9, 1, true],
    [2, 4, true],
    [2, 7, true],
    [2, 18, true],
    [2, 1, false],
    [10, 10, false],
  ])('isMultiSimDevice(supplier %i, model %i) = %s', (supplier, card_mold, multi) =>
    expect(isMultiSimDevice({ supplier, card_mold })).toBe(multi),
  );
});

describe('the carrier that issued an ICCID (its issuer code, ITU-T E.118)', () => {
  it.each([
    // iccid, network, carrier number, why
    ['89860023000000000001', '中国移动', 1, 'issuer 00'],
    ['89860223000000000001', '中国移动', 1, 'issuer 02'],
    ['89860423000000000001', '中国移动', 1, 'issuer 04 (IoT)'],
    ['89860723000000000001', '中国移动', 1, 'issuer 07'],
    ['89860823000000000001', '中国移动', 1, 'issuer 08'],
    ['89861323000000000001', '中国移动', 1, 'issuer 13'],
    ['89860119000000000001', '中国联通', 2, 'issuer 01'],
    ['89860619000000000001', '中国联通', 2, 'issuer 06'],
    ['89860919000000000001', '中国联通', 2, 'issuer 09'],
    ['89861019000000000001', '中国联通', 2, 'issuer 10'],
    ['89860317000000000001', '中国电信', 3, 'issuer 03'],
    ['89860517000000000001', '中国电信', 3, 'issuer 05'],
    ['89861117000000000001', '中国电信', 3, 'issuer 11'],
    ['89861217000000000001', '中国电信', 3, 'issuer 12'],
    ['89861524000000000001', '中国广电', null, '广电: no carrier platform we integrate'],
    ['89869919000000000001', '', null, 'unknown issuer code'],
    ['89440119000000000001', '', null, 'another country (44)'],
    [' 89860119000000000001 ', '中国联通', 2, 'spaces around'],
    ['', '', null, 'empty'],
    [null, '', null, 'none'],
  ] as [string | null, string, number | null, string][])('%s → %s / %s (%s)', (iccid, network, carrier) => {
    expect(issuerNetworkOf(iccid)).toBe(network);
    expect(issuerCarrierOf(iccid)).toBe(carrier);
  });
});
