import { describe, expect, it } from 'vitest';
import { cardNumberFromScan } from './scanText';

describe('cardNumberFromScan', () => {
  it.each([
    ['a card number', '1000000020', '1000000020'],
    ['a card number with spaces around', ' 1000000020\n', '1000000020'],
    ['a grouped card number', '1000 0000 20', '1000000020'],
    ['a 20-digit ICCID', '89860119000000000020', '89860119000000000020'],
    ['a 19-digit ICCID with the F filler', '8986011900000000002F', '8986011900000000002'],
    ['a /qr_code_login link', 'https://h5.example.com/qr_code_login?mark=demo&custom_num=1000000020', '1000000020'],
    ['a hash-routed link', 'https://h5.example.com/#/qr_code_login?customNum=1000000020', '1000000020'],
    ['a link carrying the ICCID', 'http://x.example/bind?iccid=89860119000000000020', '89860119000000000020'],
    ['a link that prefers the card number', 'https://x.example/?iccid=89860119000000000020&custom_num=1000000020', '1000000020'],
    ['a labelled text', '畅联物联 卡号：1000000020 请妥善保管', '1000000020'],
    ['an ICCID label', 'ICCID:89860119000000000020', '89860119000000000020'],
    ['a link without a card', 'https://h5.example.com/login?mark=demo', undefined],
    ['a link with a malformed card', 'https://h5.example.com/?custom_num=12ab', undefined],
    ['a too short number', '12345', undefined],
    ['a too long number', '123456789012345678901', undefined],
    ['free text without a card', '欢迎使用流量卡 客服 400-800-1234', undefined],
    ['an empty scan', '   ', undefined],
    ['not a URL', 'javascript:alert(1)', undefined],
  ])('%s', (_n, text, expected) => expect(cardNumberFromScan(text)).toBe(expected));
});
