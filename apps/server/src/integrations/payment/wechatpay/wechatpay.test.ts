// WeChat Pay API v3 adapter: request signing, answer and notification verification, resource
// decryption, and the client's requests byte for byte, all with keys generated here (no network).
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../http/transport';
import { PaymentGatewayError } from '../gateway';
import { WechatPayClient } from './client';
import { paymentNotificationBody, platformHeaders } from './gatewaySide';
import { WechatPayGateway, statusOf } from './gateway';
import { authorization, decryptResource, encryptResource, jsapiPayParams, requestMessage } from './sign';
import { verifySigned } from './verify';
import { oauthUrl, openTicket, sealTicket } from './jsapi';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const APIV3 = '0123456789abcdef0123456789ABCDEF';
const NOW = Date.UTC(2026, 10, 24, 2, 0, 0);
const TS = String(NOW / 1000);
const PLATFORM = { serial: SERIAL, publicKey: platform.publicKey };

const verifies = (message: string, signature: string) =>
  createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, signature, 'base64');

describe('request signature', () => {
  it('builds the documented string to sign (签名生成 example)', () => {
    expect(requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });
  it('puts mchid, nonce_str, signature, timestamp and serial_no in the Authorization header', () => {
    const h = authorization(
      { mchid: '1900009191', serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', privateKey: merchant.privateKey },
      { method: 'GET', url: '/v3/certificates', body: '', timestamp: '1554208460', nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' },
    );
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([^"]+)",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/.exec(
        h,
      );
    expect(m).not.toBeNull();
    expect(verifies('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n', m![1]!)).toBe(true);
  });
  it('signs the JSAPI bridge parameters over appId, timeStamp, nonceStr and package', () => {
    const p = jsapiPayParams(
      'wx8888888888888888',
      'wx201410272009395522657a690389285100',
      merchant.privateKey,
      '1414561699',
      '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    );
    expect(p.package).toBe('prepay_id=wx201410272009395522657a690389285100');
    expect(
      verifies(
        'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n',
        p.paySign,
      ),
    ).toBe(true);
  });
});

describe('answer and notification verification', () => {
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}';
  const good = platformHeaders(platform.privateKey, SERIAL, body, { timestamp: TS, nonce: 'n0nce' });
  it('accepts a body signed by the platform key', () => {
    expect(verifySigned(good, body, PLATFORM, NOW)).toEqual({ ok: true });
  });
  // [what is wrong, headers, body, now, reason]
  const cases: [string, Record<string, string>, string, number, string][] = [
    ['a body changed by one character', good, body.replace('p4l', 'p5l'), NOW, 'bad_signature'],
    ['another nonce', { ...good, 'wechatpay-nonce': 'other' }, body, NOW, 'bad_signature'],
    ['signed by another key', platformHeaders(stranger.privateKey, SERIAL, body, { timestamp: TS }), body, NOW, 'bad_signature'],
    ['another serial', { ...good, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' }, body, NOW, 'wrong_serial'],
    ['a timestamp 6 minutes old', good, body, NOW + 6 * 60_000, 'stale'],
    ['a timestamp 6 minutes ahead', good, body, NOW - 6 * 60_000, 'stale'],
    ['no signature header', { ...good, 'wechatpay-signature': '' }, body, NOW, 'missing_headers'],
    ['a signature probe', { ...good, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' }, body, NOW, 'bad_signature'],
  ];
  it.each(cases)('refuses %s', (_what, headers, b, now, reason) => {
    expect(verifySigned(headers, b, PLATFORM, now)).toEqual({ ok: false, reason });
  });
  it('accepts a timestamp within the 5-minute window', () => {
    expect(verifySigned(good, body, PLATFORM, NOW + 4 * 60_000).ok).toBe(true);
  });
});

describe('AEAD_AES_256_GCM resource', () => {
  const plain = '{"out_trade_no":"2026112410000012345678","trade_state":"SUCCESS"}';
  const ct = encryptResource(plain, APIV3, 'fdasflkja484w', 'transaction');
  const r = { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct, nonce: 'fdasflkja484w', associated_data: 'transaction' };
  it('decrypts what the gateway encrypted with the APIv3 key', () => {
    expect(decryptResource(r, APIV3)).toBe(plain);
  });
  it.each([
    ['another APIv3 key', r, 'fedcba9876543210fedcba9876543210'],
    ['another nonce', { ...r, nonce: 'fdasflkja484x' }, APIV3],
    ['other associated data', { ...r, associated_data: 'refund' }, APIV3],
    ['a flipped ciphertext byte', { ...r, ciphertext: flip(ct) }, APIV3],
    ['another algorithm', { ...r, algorithm: 'AES_128_CBC' }, APIV3],
  ])('refuses %s', (_what, res, key) => {
    expect(decryptResource(res, key)).toBeNull();
  });
});

function flip(b64: string): string {
  const b = Buffer.from(b64, 'base64');
  b[3] = b[3]! ^ 1;
  return b.toString('base64');
}

/** A fake gateway: records requests, answers each path with a signed body. */
function fakeTransport(answers: Record<string, { status: number; body: string; signer?: typeof platform }>) {
  const seen: HttpRequest[] = [];
  const transport = async (req: HttpRequest): Promise<HttpResponse> => {
    seen.push(req);
    const key = `${req.method} ${new URL(req.url).pathname}`;
    const a = answers[key];
    if (!a) return { status: 404, headers: {}, body: '{"code":"NOT_FOUND"}' };
    const headers = a.status < 300 ? platformHeaders((a.signer ?? platform).privateKey, SERIAL, a.body, { timestamp: TS }) : {};
    return { status: a.status, headers, body: a.body };
  };
  return { seen, transport };
}

const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const ORDER = '2026112410000012345678';

function clientWith(transport: (r: HttpRequest) => Promise<HttpResponse>) {
  return new WechatPayClient({
    mchid: MCHID,
    appid: APPID,
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: merchant.privateKey,
    platform: PLATFORM,
    transport,
    now: () => NOW,
    nonce: () => 'NONCE1234',
  });
}

function gatewayWith(transport: (r: HttpRequest) => Promise<HttpResponse>) {
  return new WechatPayGateway({
    client: clientWith(transport),
    mchid: MCHID,
    appid: APPID,
    platform: PLATFORM,
    apiV3Key: APIV3,
    notifyUrl: 'https://portal.example/api/v1/pay/wechatpay/notify',
    publicUrl: 'https://portal.example',
    orderTtlMs: 15 * 60_000,
    now: () => NOW,
  });
}

describe('client requests', () => {
  it('H5 order: the documented body, signed over exactly the bytes sent; the cashier URL returns to the order', async () => {
    const f = fakeTransport({
      'POST /v3/pay/transactions/h5': {
        status: 200,
        body: '{"h5_url":"https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1"}',
      },
    });
    const created = await gatewayWith(f.transport).createPayment({
      orderNo: ORDER,
      channel: 1,
      amountFen: 1990,
      subject: '畅享100G月包',
      merchant: '演示代理',
      returnUrl: `/pay_status?order_no=${ORDER}`,
      clientIp: '203.0.113.7',
    });
    expect(created.paymentId).toBe(`wxpay:${ORDER}`);
    expect(created.cashierUrl).toBe(
      `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1&redirect_url=${encodeURIComponent(`https://portal.example/pay_status?order_no=${ORDER}`)}`,
    );
    const req = f.seen[0]!;
    expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(JSON.parse(req.body!)).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: '演示代理-畅享100G月包',
      out_trade_no: ORDER,
      time_expire: '2026-11-24T10:15:00+08:00',
      notify_url: 'https://portal.example/api/v1/pay/wechatpay/notify',
      amount: { total: 1990, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    const sig = /signature="([^"]+)"/.exec(req.headers.authorization!)![1]!;
    expect(verifies(`POST\n/v3/pay/transactions/h5\n${TS}\nNONCE1234\n${req.body}\n`, sig)).toBe(true);
  });

  it('JSAPI order: payer openid in the body, bridge parameters signed', async () => {
    const f = fakeTransport({
      'POST /v3/pay/transactions/jsapi': { status: 200, body: '{"prepay_id":"wx26112221580621e9b071c00d9e093b0000"}' },
    });
    const r = await clientWith(f.transport).jsapi({
      outTradeNo: ORDER,
      description: 'x',
      amountFen: 1,
      notifyUrl: 'https://portal.example/n',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    expect(JSON.parse(f.seen[0]!.body!).payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    expect(r.bridge).toMatchObject({
      appId: APPID,
      package: 'prepay_id=wx26112221580621e9b071c00d9e093b0000',
      signType: 'RSA',
      timeStamp: TS,
    });
  });

  it('query: the path carries the order number and mchid, signed with the query; USERPAYING is not "nothing paid"', async () => {
    const tx = {
      appid: APPID,
      mchid: MCHID,
      out_trade_no: ORDER,
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      amount: { total: 1990 },
    };
    const f = fakeTransport({ [`GET /v3/pay/transactions/out-trade-no/${ORDER}`]: { status: 200, body: JSON.stringify(tx) } });
    const st = await gatewayWith(f.transport).queryPayment(`wxpay:${ORDER}`);
    expect(st).toEqual({ paymentId: `wxpay:${ORDER}`, orderNo: ORDER, state: 'paid', amountFen: 1990, transactionId: '4200000001' });
    expect(f.seen[0]!.url).toBe(`https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${ORDER}?mchid=${MCHID}`);
    const sig = /signature="([^"]+)"/.exec(f.seen[0]!.headers.authorization!)![1]!;
    expect(verifies(`GET\n/v3/pay/transactions/out-trade-no/${ORDER}?mchid=${MCHID}\n${TS}\nNONCE1234\n\n`, sig)).toBe(true);
    expect(statusOf('p', { out_trade_no: ORDER, trade_state: 'USERPAYING' }).state).toBe('paying');
    expect(statusOf('p', { out_trade_no: ORDER, trade_state: 'NOTPAY' }).state).toBe('pending');
    expect(statusOf('p', { out_trade_no: ORDER, trade_state: 'CLOSED' }).state).toBe('closed');
    expect(statusOf('p', { out_trade_no: ORDER, trade_state: 'PAYERROR' }).state).toBe('failed');
  });

  it('refuses an answer the platform did not sign (a forged SUCCESS credits nothing)', async () => {
    const tx = { out_trade_no: ORDER, transaction_id: '4200000001', trade_state: 'SUCCESS', amount: { total: 1990 } };
    const f = fakeTransport({
      [`GET /v3/pay/transactions/out-trade-no/${ORDER}`]: { status: 200, body: JSON.stringify(tx), signer: stranger },
    });
    await expect(gatewayWith(f.transport).queryPayment(`wxpay:${ORDER}`)).rejects.toThrow(/验签失败/);
  });

  it('close: POST …/close with {mchid}, then the closed state', async () => {
    let closed = false;
    const base = fakeTransport({});
    const transport = async (req: HttpRequest): Promise<HttpResponse> => {
      base.seen.push(req);
      const path = new URL(req.url).pathname;
      const body =
        req.method === 'POST'
          ? ''
          : JSON.stringify({ out_trade_no: ORDER, trade_state: closed ? 'CLOSED' : 'NOTPAY', amount: { total: 1990 } });
      if (req.method === 'POST' && path.endsWith('/close')) closed = true;
      return {
        status: req.method === 'POST' ? 204 : 200,
        headers: platformHeaders(platform.privateKey, SERIAL, body, { timestamp: TS }),
        body,
      };
    };
    const st = await gatewayWith(transport).closePayment(`wxpay:${ORDER}`);
    expect(st?.state).toBe('closed');
    const close = base.seen.find((r) => r.method === 'POST')!;
    expect(close.url).toBe(`https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${ORDER}/close`);
    expect(close.body).toBe(`{"mchid":"${MCHID}"}`);
  });

  it('refund: transaction, refund number and the order total from the query; a refused refund needs an operator', async () => {
    const tx = { out_trade_no: ORDER, transaction_id: '4200000001', trade_state: 'SUCCESS', amount: { total: 1990 } };
    const f = fakeTransport({
      [`GET /v3/pay/transactions/out-trade-no/${ORDER}`]: { status: 200, body: JSON.stringify(tx) },
      'POST /v3/refund/domestic/refunds': {
        status: 200,
        body: '{"refund_id":"50000000382019052709732678859","out_refund_no":"RF1","status":"PROCESSING"}',
      },
    });
    const r = await gatewayWith(f.transport).refundPayment({
      paymentId: `wxpay:${ORDER}`,
      orderNo: ORDER,
      transactionId: '4200000001',
      amountFen: 1990,
      refundNo: `RF${ORDER}`,
    });
    expect(r).toEqual({ refundId: '50000000382019052709732678859', state: 'refunded' });
    expect(JSON.parse(f.seen[1]!.body!)).toEqual({
      transaction_id: '4200000001',
      out_refund_no: `RF${ORDER}`,
      amount: { refund: 1990, total: 1990, currency: 'CNY' },
    });
    await expect(
      gatewayWith(f.transport).refundPayment({
        paymentId: `wxpay:${ORDER}`,
        orderNo: ORDER,
        transactionId: '4200000999',
        amountFen: 1990,
        refundNo: 'RF2',
      }),
    ).rejects.toThrow(/交易号与支付单不符/);
  });

  it("gateway errors: 5xx may be retried, 4xx is a refusal with the gateway's message", async () => {
    const busy = async (): Promise<HttpResponse> => ({ status: 500, headers: {}, body: '{"code":"SYSTEM_ERROR","message":"系统繁忙"}' });
    const refused = async (): Promise<HttpResponse> => ({ status: 400, headers: {}, body: '{"code":"PARAM_ERROR","message":"参数错误"}' });
    const e1 = await gatewayWith(busy)
      .queryPayment(`wxpay:${ORDER}`)
      .catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(PaymentGatewayError);
    expect((e1 as PaymentGatewayError).retryable).toBe(true);
    const e2 = await gatewayWith(refused)
      .queryPayment(`wxpay:${ORDER}`)
      .catch((e: unknown) => e);
    expect((e2 as PaymentGatewayError).retryable).toBe(false);
    expect((e2 as Error).message).toContain('参数错误');
  });
});

describe('notifications', () => {
  const tx = {
    appid: APPID,
    mchid: MCHID,
    out_trade_no: ORDER,
    transaction_id: '4200000001202611240000000001',
    trade_type: 'MWEB',
    trade_state: 'SUCCESS',
    success_time: '2026-11-24T10:01:00+08:00',
    amount: { total: 1990, payer_total: 1990, currency: 'CNY', payer_currency: 'CNY' },
  };
  const body = paymentNotificationBody(tx, APIV3);
  const headers = platformHeaders(platform.privateKey, SERIAL, body, { timestamp: TS });
  const g = gatewayWith(async () => ({ status: 500, headers: {}, body: '' }));
  const read = (h: Record<string, string>, b: string, channel = 1) => g.readNotification(channel, { kind: 'raw', headers: h, body: b });

  it('verifies, decrypts and reads a genuine one', () => {
    expect(read(headers, body)).toEqual({
      ok: true,
      notification: { paymentId: `wxpay:${ORDER}`, orderNo: ORDER, transactionId: tx.transaction_id, amountFen: 1990, status: 'success' },
    });
  });
  it.each([
    ['a tampered body', headers, body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '), 'bad_signature'],
    ['another serial', { ...headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' }, body, 'wrong_serial'],
    ['a replayed old one', platformHeaders(platform.privateKey, SERIAL, body, { timestamp: String(NOW / 1000 - 600) }), body, 'stale'],
    [
      'a resource encrypted with another key',
      ...((): [Record<string, string>, string] => {
        const b = paymentNotificationBody(tx, 'fedcba9876543210fedcba9876543210');
        return [platformHeaders(platform.privateKey, SERIAL, b, { timestamp: TS }), b];
      })(),
      'undecryptable',
    ],
    [
      "another merchant's payment",
      ...((): [Record<string, string>, string] => {
        const b = paymentNotificationBody({ ...tx, mchid: '1230000109' }, APIV3);
        return [platformHeaders(platform.privateKey, SERIAL, b, { timestamp: TS }), b];
      })(),
      'other_merchant',
    ],
  ])('refuses %s', (_what, h, b, reason) => {
    expect(read(h as Record<string, string>, b as string)).toEqual({ ok: false, reason });
  });
  it('refuses a parsed JSON body (the sandbox route) and another channel', () => {
    expect(g.verifyNotification(1, JSON.parse(body))).toBeNull();
    expect(read(headers, body, 2)).toEqual({ ok: false, reason: 'not_wechatpay' });
  });
});

describe('JSAPI checkout inside the messaging app', () => {
  const ticket = {
    o: ORDER,
    a: 1990,
    d: '演示代理-畅享100G月包',
    r: `https://portal.example/pay_status?order_no=${ORDER}`,
    e: NOW + 15 * 60_000,
  };

  it('a sealed ticket opens only unchanged, under the same key, before it expires', () => {
    const sealed = sealTicket(ticket, APIV3);
    expect(openTicket(sealed, APIV3, NOW)).toEqual(ticket);
    const [body, mac] = sealed.split('.');
    const cheaper = Buffer.from(JSON.stringify({ ...ticket, a: 1 })).toString('base64url');
    expect(openTicket(`${cheaper}.${mac}`, APIV3, NOW)).toBeNull();
    expect(openTicket(`${body}.${mac}x`, APIV3, NOW)).toBeNull();
    expect(openTicket(sealed, 'fedcba9876543210fedcba9876543210', NOW)).toBeNull();
    expect(openTicket(sealed, APIV3, ticket.e)).toBeNull();
  });

  it('the silent OAuth URL comes back to the checkout with the ticket', () => {
    expect(oauthUrl(APPID, 'https://portal.example/api/v1/pay/wechatpay/jsapi?t=a.b', 'pay')).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${APPID}&redirect_uri=https%3A%2F%2Fportal.example%2Fapi%2Fv1%2Fpay%2Fwechatpay%2Fjsapi%3Ft%3Da.b&response_type=code&scope=snsapi_base&state=pay#wechat_redirect`,
    );
  });

  it('in the app: a checkout page instead of H5; then OAuth, openid, JSAPI order, and a page with signed bridge parameters', async () => {
    const seen: HttpRequest[] = [];
    const transport = async (req: HttpRequest): Promise<HttpResponse> => {
      seen.push(req);
      if (req.url.startsWith('https://api.weixin.qq.com/sns/oauth2/access_token'))
        return {
          status: 200,
          headers: {},
          body: '{"access_token":"ACCESS","expires_in":7200,"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o","scope":"snsapi_base"}',
        };
      const body = '{"prepay_id":"wx26112221580621e9b071c00d9e093b0000"}';
      return { status: 200, headers: platformHeaders(platform.privateKey, SERIAL, body, { timestamp: TS }), body };
    };
    const g = new WechatPayGateway({
      client: clientWith(transport),
      mchid: MCHID,
      appid: APPID,
      platform: PLATFORM,
      apiV3Key: APIV3,
      notifyUrl: 'https://portal.example/api/v1/pay/wechatpay/notify',
      publicUrl: 'https://portal.example',
      orderTtlMs: 15 * 60_000,
      now: () => NOW,
      oaSecret: 'oa-secret-0123456789',
      transport,
    });
    const created = await g.createPayment({
      orderNo: ORDER,
      channel: 1,
      amountFen: 1990,
      subject: '畅享100G月包',
      merchant: '演示代理',
      returnUrl: `/pay_status?order_no=${ORDER}`,
      inMessagingApp: true,
    });
    expect(seen).toHaveLength(0);
    const url = new URL(created.cashierUrl);
    expect(url.origin + url.pathname).toBe('https://portal.example/api/v1/pay/wechatpay/jsapi');
    const t = url.searchParams.get('t')!;
    const first = await g.hostedCheckout({ t });
    expect(first).toEqual({ kind: 'redirect', url: oauthUrl(APPID, `https://portal.example/api/v1/pay/wechatpay/jsapi?t=${t}`, 'pay') });
    const second = await g.hostedCheckout({ t, code: 'CODE123' });
    expect(seen[0]!.url).toBe(
      `https://api.weixin.qq.com/sns/oauth2/access_token?appid=${APPID}&secret=oa-secret-0123456789&code=CODE123&grant_type=authorization_code`,
    );
    expect(JSON.parse(seen[1]!.body!)).toMatchObject({
      out_trade_no: ORDER,
      amount: { total: 1990 },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    expect(second.kind).toBe('page');
    const html = (second as { html: string }).html;
    const params = JSON.parse(/data-params="([^"]+)"/.exec(html)![1]!.replace(/&#34;/g, '"'));
    expect(params).toMatchObject({ appId: APPID, package: 'prepay_id=wx26112221580621e9b071c00d9e093b0000', signType: 'RSA' });
    expect(verifies(`${APPID}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`, params.paySign)).toBe(true);
    expect(html).toContain('<script src="/api/v1/pay/wechatpay/bridge.js"></script>');
    expect(html).not.toMatch(/<script>/);
    await expect(g.hostedCheckout({ t: `${t}x`, code: 'C' })).rejects.toThrow(/支付链接无效或已过期/);
  });
});

describe('closing', () => {
  it('an order the gateway does not know (JSAPI checkout never opened) is closed without asking the gateway to close it', async () => {
    const seen: HttpRequest[] = [];
    const transport = async (req: HttpRequest): Promise<HttpResponse> => {
      seen.push(req);
      return { status: 404, headers: {}, body: '{"code":"ORDER_NOT_EXIST","message":"订单不存在"}' };
    };
    expect((await gatewayWith(transport).closePayment(`wxpay:${ORDER}`))?.state).toBe('closed');
    expect(seen.map((r) => r.method)).toEqual(['GET']);
  });
});
