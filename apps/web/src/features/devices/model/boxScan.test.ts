import { describe, expect, it } from 'vitest';
import { boxFromQuery, boxFromScan } from './boxScan';

describe('boxFromScan', () => {
  it.each([
    // our box's QR: a link to /cpe_bind with the pair
    ['https://h5.changlian.example.com/cpe_bind?sn=CPE5G-D0017&custom_num=1000000017', { serial: 'CPE5G-D0017', customNum: '1000000017' }],
    ['https://h5.example.com/#/cpe_bind?serial=cpe5g-d0017&card_no=1000000017', { serial: 'CPE5G-D0017', customNum: '1000000017' }],
    ['https://h5.example.com/cpe_bind?sn=CPE5G-D0017', { serial: 'CPE5G-D0017' }],
    ['https://h5.example.com/qr_code_login?custom_num=1000000017', { customNum: '1000000017' }],
    // the label's barcode: the bare serial, in whatever case
    ['CPE5G-D0017', { serial: 'CPE5G-D0017' }],
    ['  mifi4g-c0016 ', { serial: 'MIFI4G-C0016' }],
    // the pair as text
    ['S/N: CPE5G-D0017  卡号：1000000017', { serial: 'CPE5G-D0017', customNum: '1000000017' }],
    ['型号 5G CPE\n序列号 CPE5G-D0017', { serial: 'CPE5G-D0017' }],
    ['SN=MIFI3N-B0012;card_num=1000000012', { serial: 'MIFI3N-B0012', customNum: '1000000012' }],
  ])('%j → %j', (text, expected) => {
    expect(boxFromScan(text)).toEqual(expected);
  });

  it.each([
    ['', 'nothing'],
    ['864512030012345', 'an IMEI (digits only)'],
    ['6901234567892', 'a product barcode'],
    ['https://h5.example.com/cpe_bind?sn=%3Cscript%3E', 'a link with a malformed serial'],
    ['https://shop.example.com/item/123', 'a link without the pair'],
    ['http://[bad', 'a broken link'],
    ['欢迎使用', 'a text without the pair'],
    ['AB-1', 'too short for a serial'],
  ])('%j (%s) → nothing to fill', (text) => {
    expect(boxFromScan(text)).toBeUndefined();
  });
});

describe('boxFromQuery', () => {
  it('reads the pair of the address the box’s QR opens, and nothing from an address without it', () => {
    expect(boxFromQuery(new URLSearchParams('sn=cpe5g-d0017&custom_num=1000000017'))).toEqual({
      serial: 'CPE5G-D0017',
      customNum: '1000000017',
    });
    expect(boxFromQuery(new URLSearchParams('custom_num=12'))).toBeUndefined();
    expect(boxFromQuery(new URLSearchParams(''))).toBeUndefined();
  });
});
