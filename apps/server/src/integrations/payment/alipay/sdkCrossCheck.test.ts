// Our hand-written Alipay signing (./sign.ts, 100 lines, no dependency) against the official
// `alipay-sdk` (a devDependency: it brings urllib and 36 other packages, so it stays out of the
// image). The published examples are signed or verified by both, and the results must be the same
// bytes. Keys are generated here: Alipay's examples show their strings to sign, not their keys.
import { generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it } from 'vitest';
import type { HttpTransport } from '../../http/transport';
import { AlipayClient } from './client';
import { DOCUMENTED_NOTIFICATION } from './publishedExamples';
import { notificationContent, responseMember, rsa2Sign, signContent, signRequest, verifyNotificationParams, type Params } from './sign';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa(); // the merchant application's key pair
const alipay = rsa(); // Alipay's key pair
const pem = (k: { export(o: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer }, type: 'pkcs8' | 'spki') =>
  String(k.export({ type, format: 'pem' }));

function sdkFor(appId: string, charset = 'utf-8'): AlipaySdk {
  return new AlipaySdk({
    appId,
    privateKey: pem(app.privateKey, 'pkcs8'),
    keyType: 'PKCS8',
    alipayPublicKey: pem(alipay.publicKey, 'spki'),
    charset: charset as 'utf-8',
  });
}

/** The SDK's signed parameters of a call, read back from its query string. */
function sdkSigned(sdk: AlipaySdk, method: string, params: Record<string, unknown>): Params {
  const query = sdk.sdkExecute(method, params, { bizContentAutoSnakeCase: false });
  return Object.fromEntries(new URLSearchParams(query));
}

describe('requests: our signature and the SDK’s are the same bytes', () => {
  it('the string-to-sign example of the open platform’s signing guide (alipay.mobile.public.menu.add)', () => {
    // opendocs.alipay.com/common/02kf5q, "构造签名字符串": the request and the string it publishes
    const biz = {
      button: [
        { actionParam: 'ZFB_HFCZ', actionType: 'out', name: '话费充值' },
        {
          name: '查询',
          subButton: [
            { actionParam: 'ZFB_YECX', actionType: 'out', name: '余额查询' },
            { actionParam: 'ZFB_LLCX', actionType: 'out', name: '流量查询' },
            { actionParam: 'ZFB_HFCX', actionType: 'out', name: '话费查询' },
          ],
        },
        { actionParam: 'http://m.alipay.com', actionType: 'link', name: '最新优惠' },
      ],
    };
    const ours: Params = {
      app_id: '2014072300007148',
      method: 'alipay.mobile.public.menu.add',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      version: '1.0',
      biz_content: JSON.stringify(biz),
    };
    expect(signContent(ours, ['sign'])).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"},' +
        '{"name":"查询","subButton":[{"actionParam":"ZFB_YECX","actionType":"out","name":"余额查询"},' +
        '{"actionParam":"ZFB_LLCX","actionType":"out","name":"流量查询"},{"actionParam":"ZFB_HFCX","actionType":"out","name":"话费查询"}]},' +
        '{"actionParam":"http://m.alipay.com","actionType":"link","name":"最新优惠"}]}' +
        '&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
    const sdk = sdkSigned(sdkFor('2014072300007148', 'GBK'), 'alipay.mobile.public.menu.add', {
      timestamp: ours.timestamp,
      biz_content: biz,
    });
    expect(signRequest(ours, app.privateKey)).toEqual(sdk);
  });

  it('our wap-pay and query calls, as the client builds them', () => {
    const now = Date.UTC(2026, 10, 24, 2, 0, 0);
    const client = new AlipayClient({
      appId: '2021000000000001',
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      transport: (() => Promise.reject(new Error('no network'))) as HttpTransport,
      now: () => now,
    });
    const sdk = sdkFor('2021000000000001');
    const pay = {
      out_trade_no: '2026112410000012345678',
      total_amount: '19.90',
      subject: '畅享100G月包 & 10G',
      product_code: 'QUICK_WAP_WAY',
    };
    const urls = { notify_url: 'https://h5.example.com/api/v1/pay/alipay/notify', return_url: 'https://h5.example.com/order?no=1' };
    expect(client.params('alipay.trade.wap.pay', pay, urls)).toEqual(
      sdkSigned(sdk, 'alipay.trade.wap.pay', { format: 'JSON', timestamp: '2026-11-24 10:00:00', ...urls, biz_content: pay }),
    );
    const query = { out_trade_no: '2026112410000012345678' };
    expect(client.params('alipay.trade.query', query)).toEqual(
      sdkSigned(sdk, 'alipay.trade.query', { format: 'JSON', timestamp: '2026-11-24 10:00:00', biz_content: query }),
    );
  });
});

describe('notifications: what we verify, the SDK verifies', () => {
  /** Alipay's side: every parameter but sign and sign_type, sorted, empty ones as `k=`, RSA2 with Alipay's key. */
  function signedByAlipay(fields: Params): Params {
    const p: Params = { ...fields, sign_type: 'RSA2' };
    return { ...p, sign: rsa2Sign(notificationContent(p), alipay.privateKey) };
  }
  const sdk = sdkFor('2015102700040153');
  const bothVerify = (p: Params) => [verifyNotificationParams(p, alipay.publicKey), sdk.checkNotifySignV2(p)];

  // the asynchronous notification example of the documentation, its sign and sign_type dropped (re-signed here)
  const { sign: _sign, sign_type: _signType, ...documented } = DOCUMENTED_NOTIFICATION;

  it('the documented notification', () => {
    expect(bothVerify(signedByAlipay(documented))).toEqual([true, true]);
  });

  it('a notification carrying an empty parameter (signed as `k=`) verifies with both', () => {
    const p = signedByAlipay({ ...documented, body: '', passback_params: '' });
    expect(notificationContent(p)).toContain('&body=&');
    expect(bothVerify(p)).toEqual([true, true]);
  });

  it.each([
    ['a changed amount', (p: Params) => ({ ...p, total_amount: '0.01' })],
    ['an empty parameter dropped in transit', (p: Params) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'body'))],
    ['an empty parameter added in transit', (p: Params) => ({ ...p, extra: '' })],
  ])('both refuse %s', (_what, change) => {
    const p = change(signedByAlipay({ ...documented, body: '' }));
    expect(bothVerify(p)).toEqual([false, false]);
  });
});

describe('answers: the signed text of a `<method>_response` member', () => {
  it('the documented alipay.trade.query answer', () => {
    const documented =
      '{"alipay_trade_query_response":{"code":"10000","msg":"Success","trade_no":"2013112011001004330000121536",' +
      '"out_trade_no":"6823789339978248","buyer_logon_id":"159****5620","trade_status":"TRADE_SUCCESS","total_amount":"88.88"},' +
      '"sign":"ERITJKEIJKJHKKKKKKKHJEREEEEEEEEEEE"}';
    // (the SDK finds the member's end from the last "sign" key; ours counts braces outside strings,
    // which alipay.test.ts checks on nested and escaped answers the SDK's way does not cut right)
    expect(responseMember(documented, 'alipay_trade_query_response')).toBe(
      sdkFor('2021000000000001').getSignStr(documented, 'alipay_trade_query_response'),
    );
  });
});
