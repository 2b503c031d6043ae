// Alipay adapter: RSA2 request signing and notification verification, the wap-pay URL and the
// server calls byte for byte, with keys generated here (no network).
import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../http/transport';
import { AlipayClient } from './client';
import { AlipayGateway, formParams } from './gateway';
import {
  chinaTime,
  notificationContent,
  responseMember,
  rsa2Sign,
  signContent,
  signRequest,
  verifyNotificationParams,
  yuanToFen,
  type Params,
} from './sign';
import { DOCUMENTED_NOTIFICATION } from './publishedExamples';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa(); // the merchant application's key pair
const alipay = rsa(); // Alipay's key pair (its public key is what the merchant configures)
const stranger = rsa();
const APP_ID = '2021000000000001';
const NOW = Date.UTC(2026, 10, 24, 2, 0, 0);
const ORDER = '2026112410000012345678';

const verifiesWith = (key: KeyObject, content: string, sign: string) =>
  createVerify('RSA-SHA256').update(content).verify(key, sign, 'base64');

describe('string to sign', () => {
  const documented = DOCUMENTED_NOTIFICATION;
  it('a notification: every field but sign and sign_type, sorted by name, raw values', () => {
    expect(notificationContent(documented)).toBe(
      'app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46' +
        '&gmt_create=2016-07-19 14:10:44&gmt_payment=2016-07-19 14:10:47&notify_id=4a91b7a78a503640467525113fb7d8bg8e' +
        '&notify_time=2016-07-19 14:10:49&notify_type=trade_status_sync&out_trade_no=0719141034-6418&refund_fee=0.00' +
        '&seller_id=2088102119685838&subject=大乐透2.1&total_amount=2.00&trade_no=2016071921001003030200089909' +
        '&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });
  it('a request: sign_type is signed too, empty values are left out', () => {
    expect(signContent({ method: 'alipay.trade.query', app_id: APP_ID, sign_type: 'RSA2', app_auth_token: '', sign: 'x' }, ['sign'])).toBe(
      `app_id=${APP_ID}&method=alipay.trade.query&sign_type=RSA2`,
    );
  });
  it('RSA2 round trip: what the app key signs, its public key verifies; another key does not', () => {
    const p = signRequest(
      { app_id: APP_ID, method: 'alipay.trade.query', biz_content: '{"out_trade_no":"1"}', sign_type: 'RSA2' },
      app.privateKey,
    );
    const content = signContent(p, ['sign']);
    expect(verifiesWith(app.publicKey, content, p.sign!)).toBe(true);
    expect(verifiesWith(stranger.publicKey, content, p.sign!)).toBe(false);
  });
  it('amounts and times', () => {
    expect([yuanToFen('88.88'), yuanToFen('2.0'), yuanToFen('1'), yuanToFen('0.001'), yuanToFen('-1'), yuanToFen('1e3')]).toEqual([
      8888,
      200,
      100,
      null,
      null,
      null,
    ]);
    expect(chinaTime(NOW)).toBe('2026-11-24 10:00:00');
  });
  it('finds the exact text of an answer member, nested braces and escaped quotes included', () => {
    const text = '{"alipay_trade_query_response":{"code":"10000","msg":"Success","x":{"a":"}\\""}},"sign":"abc"}';
    expect(responseMember(text, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"Success","x":{"a":"}\\""}}');
    expect(responseMember(text, 'alipay_trade_close_response')).toBeNull();
  });
});

/** A fake Alipay: answers each method with a body signed over its `<method>_response` member. */
function fakeAlipay(answers: Record<string, object>, signer = alipay) {
  const seen: Params[] = [];
  const transport = async (req: HttpRequest): Promise<HttpResponse> => {
    const p = formParams(req.body!)!;
    seen.push(p);
    const member = JSON.stringify(answers[p.method!] ?? { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    const name = `${p.method!.replace(/\./g, '_')}_response`;
    return { status: 200, headers: {}, body: `{"${name}":${member},"sign":"${rsa2Sign(member, signer.privateKey)}"}` };
  };
  return { seen, transport };
}

function gatewayWith(transport: (r: HttpRequest) => Promise<HttpResponse>) {
  const client = new AlipayClient({
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    transport,
    now: () => NOW,
  });
  return new AlipayGateway({
    client,
    alipayPublicKey: alipay.publicKey,
    notifyUrl: 'https://portal.example/api/v1/pay/alipay/notify',
    publicUrl: 'https://portal.example',
    orderTtlMs: 15 * 60_000,
    now: () => NOW,
  });
}

describe('alipay.trade.wap.pay', () => {
  it('the cashier URL carries every common parameter and the biz content, signed with the app key', async () => {
    const created = await gatewayWith(fakeAlipay({}).transport).createPayment({
      orderNo: ORDER,
      channel: 4,
      amountFen: 1990,
      subject: '畅享100G月包',
      merchant: '演示代理',
      returnUrl: `/pay_status?order_no=${ORDER}`,
    });
    expect(created.paymentId).toBe(`alipay:${ORDER}`);
    const url = new URL(created.cashierUrl);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const p = Object.fromEntries(url.searchParams) as Params;
    expect(p).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-24 10:00:00',
      version: '1.0',
      notify_url: 'https://portal.example/api/v1/pay/alipay/notify/4',
      return_url: `https://portal.example/pay_status?order_no=${ORDER}`,
    });
    expect(JSON.parse(p.biz_content!)).toEqual({
      out_trade_no: ORDER,
      total_amount: '19.90',
      subject: '畅享100G月包',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-11-24 10:15:00',
      quit_url: `https://portal.example/pay_status?order_no=${ORDER}`,
      extend_params: { hb_fq_num: '3', hb_fq_seller_percent: '0' },
    });
    expect(verifiesWith(app.publicKey, signContent(p, ['sign']), p.sign!)).toBe(true);
  });
});

describe('query, close, refund', () => {
  const paid = {
    code: '10000',
    msg: 'Success',
    trade_no: '2026112422001400000000000001',
    out_trade_no: ORDER,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '19.90',
  };

  it('query: a signed POST; TRADE_SUCCESS is paid, a trade never opened is "nothing paid"', async () => {
    const f = fakeAlipay({ 'alipay.trade.query': paid });
    expect(await gatewayWith(f.transport).queryPayment(`alipay:${ORDER}`)).toEqual({
      paymentId: `alipay:${ORDER}`,
      orderNo: ORDER,
      state: 'paid',
      amountFen: 1990,
      transactionId: paid.trade_no,
    });
    expect(JSON.parse(f.seen[0]!.biz_content!)).toEqual({ out_trade_no: ORDER });
    expect(verifiesWith(app.publicKey, signContent(f.seen[0]!, ['sign']), f.seen[0]!.sign!)).toBe(true);
    expect((await gatewayWith(fakeAlipay({}).transport).queryPayment(`alipay:${ORDER}`))?.state).toBe('pending');
  });

  it('refuses an answer not signed by Alipay', async () => {
    await expect(
      gatewayWith(fakeAlipay({ 'alipay.trade.query': paid }, stranger).transport).queryPayment(`alipay:${ORDER}`),
    ).rejects.toThrow(/验签失败/);
  });

  it("close: alipay.trade.close, then the trade's state; a trade never opened is closed", async () => {
    const f = fakeAlipay({
      'alipay.trade.close': { code: '10000', msg: 'Success' },
      'alipay.trade.query': { ...paid, trade_status: 'TRADE_CLOSED' },
    });
    expect((await gatewayWith(f.transport).closePayment(`alipay:${ORDER}`))?.state).toBe('closed');
    expect(f.seen.map((p) => p.method)).toEqual(['alipay.trade.close', 'alipay.trade.query']);
    expect((await gatewayWith(fakeAlipay({}).transport).closePayment(`alipay:${ORDER}`))?.state).toBe('closed');
  });

  it('refund: the amount in yuan under our refund number (out_request_no)', async () => {
    const f = fakeAlipay({
      'alipay.trade.query': paid,
      'alipay.trade.refund': { code: '10000', msg: 'Success', trade_no: paid.trade_no, fund_change: 'Y' },
    });
    const r = await gatewayWith(f.transport).refundPayment({
      paymentId: `alipay:${ORDER}`,
      orderNo: ORDER,
      transactionId: paid.trade_no,
      amountFen: 1990,
      refundNo: `RF${ORDER}`,
    });
    expect(r.state).toBe('refunded');
    expect(JSON.parse(f.seen[1]!.biz_content!)).toEqual({ out_trade_no: ORDER, refund_amount: '19.90', out_request_no: `RF${ORDER}` });
    const refused = fakeAlipay({
      'alipay.trade.query': paid,
      'alipay.trade.refund': { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' },
    });
    await expect(
      gatewayWith(refused.transport).refundPayment({
        paymentId: `alipay:${ORDER}`,
        orderNo: ORDER,
        transactionId: paid.trade_no,
        amountFen: 1990,
        refundNo: 'RF2',
      }),
    ).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('退款金额超限') });
  });
});

describe('asynchronous notifications', () => {
  /** A notification form as Alipay posts it, signed with Alipay's key. */
  function form(fields: Params, signer = alipay): string {
    const p: Params = { ...fields, sign_type: 'RSA2' };
    p.sign = rsa2Sign(notificationContent(p), signer.privateKey);
    return new URLSearchParams(p).toString();
  }
  const fields: Params = {
    notify_time: '2026-11-24 10:01:00',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026112422001400000000000001',
    out_trade_no: ORDER,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '19.90',
    subject: '畅享100G月包 & 10G',
    gmt_payment: '2026-11-24 10:00:59',
  };
  const g = gatewayWith(fakeAlipay({}).transport);
  const read = (body: string, channel = 2) => g.readNotification(channel, { kind: 'raw', headers: {}, body });

  it('verifies a genuine one (values with & and spaces included)', () => {
    expect(read(form(fields))).toEqual({
      ok: true,
      notification: { paymentId: `alipay:${ORDER}`, orderNo: ORDER, transactionId: fields.trade_no, amountFen: 1990, status: 'success' },
    });
    expect(verifyNotificationParams(formParams(form(fields))!, alipay.publicKey)).toBe(true);
  });
  it.each([
    ['a changed amount', form(fields).replace('total_amount=19.90', 'total_amount=0.01'), 'bad_signature'],
    ['signed by another key', form(fields, stranger), 'bad_signature'],
    ['another sign_type', form(fields).replace('sign_type=RSA2', 'sign_type=RSA'), 'bad_signature'],
    ['another application', form({ ...fields, app_id: '2021000000000002' }), 'other_app'],
    ['a repeated field', `${form(fields)}&total_amount=0.01`, 'bad_shape'],
    ['a trade still waiting', form({ ...fields, trade_status: 'WAIT_BUYER_PAY' }), 'not_final'],
  ])('refuses %s', (_what, body, reason) => {
    expect(read(body)).toEqual({ ok: false, reason });
  });
  it('TRADE_CLOSED is a failed payment; the channel must be an Alipay one', () => {
    expect(read(form({ ...fields, trade_status: 'TRADE_CLOSED' }))).toMatchObject({ ok: true, notification: { status: 'fail' } });
    expect(read(form(fields), 1)).toEqual({ ok: false, reason: 'not_alipay' });
  });
});
