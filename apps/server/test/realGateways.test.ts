// The real payment adapters end to end (docs/decisions/0021): the server configured with WeChat
// Pay and Alipay (keys generated here, a fake transport playing both gateways byte for byte),
// orders placed through the API, and the gateways' own notifications posted to their own routes:
// a genuine one twice credits once; a tampered, stale or foreign one is refused with nothing written.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, productionProblems, type Config } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import type { HttpRequest, HttpResponse } from '../src/integrations/http/transport';
import { loadProviderKeys } from '../src/integrations/providers';
import { formParams } from '../src/integrations/payment/alipay/gateway';
import { rsa2Sign, signContent, type Params } from '../src/integrations/payment/alipay/sign';
import { paymentNotificationBody, platformHeaders } from '../src/integrations/payment/wechatpay/gatewaySide';
import { clock } from '../src/lib/clock';
import { rid } from './commerceHelpers';
import { createPgDatabase, databases } from './harness';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const alipayApp = rsa();
const alipay = rsa();
const stranger = rsa();
const SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const APIV3 = 'Zx9Yw8Xv7Uu6Tt5Ss4Rr3Qq2Pp1Oo0Nn';
const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const ALIPAY_APP = '2021000000000001';

/** What the fake gateways know about each order (out_trade_no → amount in fen). */
const wechatOrders = new Map<string, number>();
const seen: HttpRequest[] = [];
const nowTs = () => String(Math.floor(clock.now().getTime() / 1000));

async function transport(req: HttpRequest): Promise<HttpResponse> {
  seen.push(req);
  const url = new URL(req.url);
  if (url.host === 'api.mch.weixin.qq.com') {
    const signed = (status: number, body: string) => ({
      status,
      headers: platformHeaders(platform.privateKey, SERIAL, body, { timestamp: nowTs() }),
      body,
    });
    if (url.pathname === '/v3/pay/transactions/jsapi') {
      const b = JSON.parse(req.body!);
      wechatOrders.set(b.out_trade_no, b.amount.total);
      return signed(200, JSON.stringify({ prepay_id: `wx${b.out_trade_no}` }));
    }
    if (url.pathname === '/v3/pay/transactions/h5') {
      const b = JSON.parse(req.body!);
      wechatOrders.set(b.out_trade_no, b.amount.total);
      return signed(
        200,
        JSON.stringify({ h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${b.out_trade_no}&package=1` }),
      );
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/(\d+)$/.exec(url.pathname);
    if (q && req.method === 'GET')
      return signed(
        200,
        JSON.stringify({
          appid: APPID,
          mchid: MCHID,
          out_trade_no: q[1],
          trade_state: 'NOTPAY',
          amount: { total: wechatOrders.get(q[1]!) },
        }),
      );
  }
  if (url.host === 'api.weixin.qq.com' && url.pathname === '/sns/oauth2/access_token') {
    const ok = url.searchParams.get('secret') === 'oa-secret-0123456789' && url.searchParams.get('code') === 'CODE-OK';
    return {
      status: 200,
      headers: {},
      body: ok
        ? '{"access_token":"A","expires_in":7200,"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o","scope":"snsapi_base"}'
        : '{"errcode":40029,"errmsg":"invalid code"}',
    };
  }
  return { status: 404, headers: {}, body: '{"code":"NOT_FOUND","message":"no such path in the fake"}' };
}

describe.each(databases())('WeChat Pay and Alipay notifications on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let dir: string;
  let drop: (() => Promise<void>) | null = null;
  let token: string;
  let realConfig: Config;

  beforeAll(async () => {
    clock.reset();
    dir = mkdtempSync(join(tmpdir(), 'portal-keys-'));
    const pem = (name: string, text: string | Buffer) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    let url = ':memory:';
    if (kind === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    }
    db = await connect(url);
    await migrate(db);
    await seedDemo(db);
    const config: Config = {
      ...loadConfig({
        PAY_PUBLIC_URL: 'https://portal.example',
        WECHAT_PAY_GATEWAY: 'wechatpay',
        WECHATPAY_MCHID: MCHID,
        WECHATPAY_APPID: APPID,
        WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WECHATPAY_PRIVATE_KEY_FILE: pem('apiclient_key.pem', merchant.privateKey.export({ type: 'pkcs8', format: 'pem' })),
        WECHATPAY_APIV3_KEY: APIV3,
        WECHATPAY_PLATFORM_SERIAL: SERIAL,
        WECHATPAY_OA_SECRET: 'oa-secret-0123456789',
        WECHATPAY_PLATFORM_KEY_FILE: pem('wechatpay_pub.pem', platform.publicKey.export({ type: 'spki', format: 'pem' })),
        ALIPAY_GATEWAY: 'alipay',
        ALIPAY_APP_ID: ALIPAY_APP,
        ALIPAY_PRIVATE_KEY_FILE: pem('alipay_app.pem', alipayApp.privateKey.export({ type: 'pkcs8', format: 'pem' })),
        // the bare base64 the Alipay console shows
        ALIPAY_PUBLIC_KEY_FILE: pem('alipay_pub.txt', alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')),
      }),
      databaseUrl: url,
      webDist: null,
      logLevel: 'silent',
      payReconcileIntervalMs: 0,
    };
    realConfig = config;
    app = await buildApp({ db, config, logger: false, transport });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { login_model: 'account', account: DEMO.account, password: DEMO.password },
    });
    token = res.json().data.token;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (drop) await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('key files: a missing or wrong one stops the start naming its variable; production needs no payments or sms simulator', () => {
    const base = loadConfig({
      PAY_PUBLIC_URL: 'https://portal.example',
      ALIPAY_GATEWAY: 'alipay',
      ALIPAY_APP_ID: ALIPAY_APP,
      ALIPAY_PRIVATE_KEY_FILE: join(dir, 'no-such-file.pem'),
      // a public key where the private key belongs
      ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay_pub.txt'),
    });
    const wrong = { ...base, alipay: { ...base.alipay!, privateKeyFile: join(dir, 'alipay_pub.txt') } };
    const problemsOf = (c: Config) => {
      try {
        loadProviderKeys(c);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    expect(problemsOf(base)).toEqual([`ALIPAY_PRIVATE_KEY_FILE: cannot read ${join(dir, 'no-such-file.pem')}`]);
    expect(problemsOf(wrong)).toEqual([`ALIPAY_PRIVATE_KEY_FILE: ${join(dir, 'alipay_pub.txt')} does not hold the expected key`]);
    // both gateways real: the payment sandbox is not mounted, so production does not ask for it
    expect(
      productionProblems({
        ...realConfig,
        production: true,
        seedDemo: false,
        personalDataKey: 'x'.repeat(64),
        allowSimulators: ['carrier', 'devices', 'sms'],
      }),
    ).toEqual([]);
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  async function order(channel: number, amount: number, inApp = false) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: auth(),
      payload: {
        custom_num: '1000000001',
        goods_type: 'recharge',
        amount,
        pay_channel: channel,
        request_id: rid(),
        in_messaging_app: inApp,
      },
      remoteAddress: '203.0.113.7',
    });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { order_no: string; state: string; pay: { kind: string; url: string } };
  }
  async function facts(orderNo: string) {
    const card = await db.kysely
      .selectFrom('cards')
      .select(['id', 'balance_fen'])
      .where('custom_num', '=', '1000000001')
      .executeTakeFirstOrThrow();
    const ledger = await db.kysely.selectFrom('balance_ledger').select('amount_fen').where('card_id', '=', card.id).execute();
    const payments = await db.kysely.selectFrom('payments').select('transaction_id').where('order_no', '=', orderNo).execute();
    const o = await db.kysely.selectFrom('orders').select('state').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    return {
      balance: card.balance_fen,
      ledgerSum: ledger.reduce((a, r) => a + r.amount_fen, 0),
      ledgerRows: ledger.length,
      payments: payments.length,
      state: o.state,
    };
  }

  describe('WeChat Pay (channel 1)', () => {
    const tx = (orderNo: string, total: number) => ({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: orderNo,
      transaction_id: `42000${orderNo}`,
      trade_type: 'MWEB',
      trade_state: 'SUCCESS',
      success_time: '2026-11-24T10:01:00+08:00',
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    });
    const post = (body: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/pay/wechatpay/notify', payload: body, headers, remoteAddress: '198.51.100.9' });

    it("an order goes to the gateway's H5 cashier with the payer's address, and back to its result page", async () => {
      const o = await order(1, 30);
      expect(o.state).toBe('pending');
      expect(o.pay.url).toBe(
        `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${o.order_no}&package=1&redirect_url=${encodeURIComponent(`https://portal.example/pay_status?order_no=${o.order_no}`)}`,
      );
      const h5 = JSON.parse(seen.find((r) => r.url.endsWith('/v3/pay/transactions/h5') && r.body!.includes(o.order_no))!.body!);
      expect(h5).toMatchObject({
        out_trade_no: o.order_no,
        amount: { total: 3000, currency: 'CNY' },
        scene_info: { payer_client_ip: '203.0.113.7' },
      });
      expect(h5.notify_url).toBe('https://portal.example/api/v1/pay/wechatpay/notify');
      // the result page asks the gateway, which says nothing was paid yet
      const detail = await app.inject({ method: 'GET', url: `/api/v1/order/detail?order_no=${o.order_no}`, headers: auth() });
      expect(detail.json().data).toMatchObject({ state: 'pending', gateway_unpaid: true });
    });

    it('a genuine notification posted twice credits once (204 both times)', async () => {
      const o = await order(1, 50);
      const before = await facts(o.order_no);
      const body = paymentNotificationBody(tx(o.order_no, 5000), APIV3);
      const headers = platformHeaders(platform.privateKey, SERIAL, body, { timestamp: nowTs() });
      const first = await post(body, headers);
      const second = await post(body, headers);
      expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
      expect(first.body).toBe('');
      const after = await facts(o.order_no);
      expect(after.payments).toBe(1);
      expect(after.state).toBe('fulfilled');
      expect(after.balance - before.balance).toBeGreaterThanOrEqual(5000);
      expect(after.ledgerSum).toBe(after.balance);
      const log = await db.kysely.selectFrom('pay_notifications').select('outcome').where('order_no', '=', o.order_no).execute();
      expect(log.map((l) => l.outcome).sort()).toEqual(['credited', 'duplicate']);
    });

    it('tampered, stale, foreign-serial and re-keyed notifications are refused with {code:"FAIL"}, nothing written', async () => {
      const o = await order(1, 20);
      const before = await facts(o.order_no);
      const body = paymentNotificationBody(tx(o.order_no, 2000), APIV3);
      const good = platformHeaders(platform.privateKey, SERIAL, body, { timestamp: nowTs() });
      const other = paymentNotificationBody(tx(o.order_no, 2000), 'fedcba9876543210fedcba9876543210');
      const variants: [string, string, Record<string, string>][] = [
        ['tampered body', body.replace('"event_type":"TRANSACTION.SUCCESS"', '"event_type":"TRANSACTION.SUCCESS" '), good],
        ['stale timestamp', body, platformHeaders(platform.privateKey, SERIAL, body, { timestamp: String(Number(nowTs()) - 3600) })],
        ['wrong serial', body, { ...good, 'wechatpay-serial': 'PUB_KEY_ID_9999' }],
        ['signed by another key', body, platformHeaders(stranger.privateKey, SERIAL, body, { timestamp: nowTs() })],
        ['encrypted with another APIv3 key', other, platformHeaders(platform.privateKey, SERIAL, other, { timestamp: nowTs() })],
        ['no signature headers', body, { 'content-type': 'application/json' }],
      ];
      for (const [what, b, h] of variants) {
        const res = await post(b, h);
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({ code: 'FAIL', message: '签名校验失败' });
      }
      expect(await facts(o.order_no)).toEqual(before);
      const refused = await db.kysely.selectFrom('pay_notifications').select('outcome').where('outcome', '=', 'bad_signature').execute();
      expect(refused.length).toBeGreaterThanOrEqual(variants.length);
    });

    it('inside the messaging app: our JSAPI checkout, silent OAuth, the JSAPI order with the openid, a page that pays', async () => {
      const o = await order(1, 25, true);
      const cashier = new URL(o.pay.url);
      expect(cashier.origin + cashier.pathname).toBe('https://portal.example/api/v1/pay/wechatpay/jsapi');
      const path = `${cashier.pathname}${cashier.search}`;
      const first = await app.inject({ method: 'GET', url: path });
      expect(first.statusCode).toBe(302);
      const oauth = new URL(first.headers.location as string);
      expect(oauth.origin + oauth.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(oauth.searchParams.get('scope')).toBe('snsapi_base');
      expect(oauth.searchParams.get('redirect_uri')).toBe(o.pay.url);
      const page = await app.inject({ method: 'GET', url: `${path}&code=CODE-OK&state=pay` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // no inline script: the page's script comes from our origin, which the CSP allows
      expect(page.body).toContain('<script src="/api/v1/pay/wechatpay/bridge.js"></script>');
      expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
      const jsapi = JSON.parse(seen.find((r) => r.url.endsWith('/v3/pay/transactions/jsapi') && r.body!.includes(o.order_no))!.body!);
      expect(jsapi).toMatchObject({ out_trade_no: o.order_no, amount: { total: 2500 }, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
      const script = await app.inject({ method: 'GET', url: '/api/v1/pay/wechatpay/bridge.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain("WeixinJSBridge.invoke('getBrandWCPayRequest'");
      // a bad code, a changed ticket: a page saying so, nothing placed
      const before = seen.length;
      expect((await app.inject({ method: 'GET', url: `${path}&code=CODE-BAD` })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: `${path}x&code=CODE-OK` })).statusCode).toBe(400);
      expect(seen.slice(before).some((r) => r.url.includes('/v3/pay/transactions/jsapi'))).toBe(false);
      expect((await facts(o.order_no)).state).toBe('pending');
    });

    it("the sandbox's JSON notification is no way in for channel 1", async () => {
      const o = await order(1, 10);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/pay/notify/1',
        payload: {
          payment_id: `wxpay:${o.order_no}`,
          order_no: o.order_no,
          transaction_id: 'x',
          amount_fen: 1000,
          status: 'SUCCESS',
          sign: 'f'.repeat(64),
        },
        remoteAddress: '198.51.100.10',
      });
      expect(res.statusCode).toBe(400);
      expect((await facts(o.order_no)).state).toBe('pending');
    });
  });

  describe('Alipay (channels 2 and 4)', () => {
    function form(fields: Params, signer = alipay): string {
      const p: Params = { ...fields, sign_type: 'RSA2' };
      p.sign = rsa2Sign(signContent(p, ['sign', 'sign_type']), signer.privateKey);
      return new URLSearchParams(p).toString();
    }
    const fields = (orderNo: string, amount: string): Params => ({
      notify_time: '2026-11-24 10:01:00',
      notify_type: 'trade_status_sync',
      notify_id: `n${orderNo}`,
      app_id: ALIPAY_APP,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026112422${orderNo}`,
      out_trade_no: orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: amount,
      subject: '余额充值',
    });
    const post = (channel: number, body: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/pay/alipay/notify/${channel}`,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        remoteAddress: '198.51.100.11',
      });

    it("an order opens Alipay's signed wap cashier; its notification twice answers success and credits once", async () => {
      const o = await order(2, 40);
      const cashier = new URL(o.pay.url);
      expect(cashier.origin + cashier.pathname).toBe('https://openapi.alipay.com/gateway.do');
      const p = formParams(cashier.search.slice(1))!;
      expect(p).toMatchObject({
        method: 'alipay.trade.wap.pay',
        app_id: ALIPAY_APP,
        notify_url: 'https://portal.example/api/v1/pay/alipay/notify/2',
      });
      const before = await facts(o.order_no);
      const body = form(fields(o.order_no, '40.00'));
      const a = await post(2, body);
      const b = await post(2, body);
      expect([a.statusCode, a.body, b.statusCode, b.body]).toEqual([200, 'success', 200, 'success']);
      expect(a.headers['content-type']).toMatch(/^text\/plain/);
      const after = await facts(o.order_no);
      expect(after.payments).toBe(1);
      expect(after.state).toBe('fulfilled');
      expect(after.balance - before.balance).toBe(4000);
      expect(after.ledgerSum).toBe(after.balance);
    });

    it('a changed amount, another key or another channel is answered fail, nothing written', async () => {
      const o = await order(2, 15);
      const before = await facts(o.order_no);
      for (const [what, channel, body] of [
        ['changed amount', 2, form(fields(o.order_no, '15.00')).replace('total_amount=15.00', 'total_amount=0.01')],
        ['another key', 2, form(fields(o.order_no, '15.00'), stranger)],
        ['the instalment channel', 4, form(fields(o.order_no, '15.00'))],
      ] as const) {
        const res = await post(channel, body);
        expect(res.body, what).toBe('fail');
      }
      expect(await facts(o.order_no)).toEqual(before);
    });
  });
});
