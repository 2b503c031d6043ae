// A start of what ships, with everything on (docs/decisions/0055). The compiled server, in a tree
// laid out exactly as the Dockerfile's runtime stage copies it (its COPY lines are read, not
// repeated here), started as the image starts it — `node apps/server/dist/main.js`, NODE_ENV=
// production, a configuration production accepts — with every integration configured against the
// project's own fakes: two GenieACS NBIs (ACS_URL and ACS_FILE), the four carrier platforms
// (CARRIER_ACCOUNTS_FILE), WeChat Pay and Alipay with their keys, WeChat Pay's merchant transfer for
// payouts, Aliyun SMS, the official account, the error-report sink and METRICS_TOKEN. Then one
// call through each.
//
// Why the e2e project: the runtime tree holds apps/web/dist and apps/console/dist, which exist only
// once `npm run build` has run (npm test builds before the e2e step); it copies apps/server/dist
// from that same build, so what starts here is the artefact the image would carry.
//
// The gateways whose addresses are fixed in the code (api.mch.weixin.qq.com, dysmsapi.aliyuncs.com,
// api.weixin.qq.com, openapi.alipay.com) are reached the way a deployment behind an egress proxy
// reaches them: Node's own proxy support (NODE_USE_ENV_PROXY, HTTPS_PROXY) to a proxy (shippedStart.ts)
// that hands each CONNECT to a TLS server holding a certificate for those names, trusted through
// NODE_EXTRA_CA_CERTS. The server's code is not touched: only standard Node variables differ.
//
// The tree, the fakes, the environment and the start itself: shippedStart.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, firstScreenCookieValue } from '@portal/contract/firstScreen';
import { type Db } from '../apps/server/src/db/connect';
import {
  MP,
  SMS_SENT,
  CPE,
  MOBILE,
  OPERATOR,
  metricsToken,
  PREPAYS,
  mp,
  bindCard,
  post,
  get,
  startShipped,
  stopShipped,
  base,
  log,
  acs,
  acs2,
  sentry,
  onelink,
} from './shippedStart';

describe('the image’s tree, started in production with every integration on', () => {
  let db: Db;
  let holder = '';
  let cookie = '';

  beforeAll(async () => {
    db = await startShipped();
  }, 120_000);

  afterAll(async () => {
    await stopShipped(db);
  });

  it('is ready, serves the web app and the console from the copied dist/ folders, and mounts no simulator', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${base}/`)).text()).toMatch(/<div id="root">/);
    expect((await fetch(`${base}/admin/`)).status).toBe(200);
    // production refuses to start with a simulator it was not allowed (config.ts productionProblems):
    // ALLOW_SIMULATORS is unset, so being ready means every provider is the real one
    expect(log, log).not.toMatch(/"level":(50|60)/);
  });

  it('a holder logs in with a code that reached Aliyun SMS, pays through WeChat Pay and Alipay, and reads the router through the ACS named in ACS_FILE', async () => {
    const sent = await post('/api/v1/sms/code', { mobile: MOBILE, purpose: 'login' });
    expect(sent.body, log).toMatchObject({ code: 0 });
    const sms = SMS_SENT.find((p) => p.PhoneNumbers === MOBILE);
    expect(sms).toMatchObject({ Action: 'SendSms', SignName: '流量卡服务', TemplateCode: 'SMS_100000001' });
    const code = JSON.parse(sms!.TemplateParam!).code as string;
    const login = await post('/api/v1/login', { login_model: 'mobile', mobile: MOBILE, code });
    expect(login.body, JSON.stringify(login.body)).toMatchObject({ code: 0 });
    holder = login.body.data.token;
    expect((await get('/api/v1/session', { authorization: `Bearer ${holder}` })).body).toMatchObject({ code: 0 });
    await bindCard(db, MOBILE);
    const status = await get(`/api/v1/device/status?custom_num=${CPE.customNum}`, { authorization: `Bearer ${holder}` });
    expect(status.body, log).toMatchObject({
      code: 0,
      data: { serial: CPE.serial, model_name: '中兴 MU5001 5G CPE', online: true, reachable: true, wifi: { ssid: 'ZTE-CPE' } },
    });
    // a recharge paid with WeChat Pay (H5): the prepay is made at the gateway, signed both ways
    const order = await post(
      '/api/v1/order/create',
      {
        custom_num: CPE.customNum,
        goods_type: 'recharge',
        amount: 30,
        pay_channel: 1,
        request_id: randomBytes(8).toString('hex'),
        in_messaging_app: false,
      },
      { authorization: `Bearer ${holder}` },
    );
    expect(order.body, JSON.stringify(order.body)).toMatchObject({ code: 0, data: { state: 'pending' } });
    expect(order.body.data.pay.url).toMatch(/^https:\/\/wx\.tenpay\.com\/.*prepay_id=wx/);
    expect(PREPAYS.get(order.body.data.order_no)).toMatchObject({
      amount: { total: 3000 },
      notify_url: 'https://h5.example.com/api/v1/pay/wechatpay/notify',
    });
    // Alipay's mobile-web payment is a signed address of its gateway, made with the application key
    const alipay = await post(
      '/api/v1/order/create',
      {
        custom_num: CPE.customNum,
        goods_type: 'recharge',
        amount: 40,
        pay_channel: 2,
        request_id: randomBytes(8).toString('hex'),
        in_messaging_app: false,
      },
      { authorization: `Bearer ${holder}` },
    );
    expect(alipay.body, JSON.stringify(alipay.body)).toMatchObject({ code: 0, data: { state: 'pending' } });
    const cashier = new URL(alipay.body.data.pay.url);
    expect(cashier.origin + cashier.pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(cashier.searchParams.get('sign')).toBeTruthy();
    // asked of the ACS from ACS_URL first (it does not know the router), then of the one in ACS_FILE
    expect(acs.calls().some((c) => c.query.query?.includes(CPE.serial))).toBe(true);
    expect(acs2.calls().some((c) => c.query.query?.includes(CPE.serial))).toBe(true);
  });

  it('the holder’s page comes with its first screen, rendered by the renderer the image carries (FIRST_SCREEN_DIST)', async () => {
    const cookie = `${FIRST_SCREEN_COOKIE}=${firstScreenCookieValue({ token: holder, customNum: CPE.customNum, mark: '' })}`;
    // a rendering past its budget is the plain page by design (a loaded test machine): asked again
    let html = '';
    for (let i = 0; i < 5 && !html.includes('<meta name="first-screen"'); i++)
      html = await (await fetch(`${base}/flow`, { headers: { cookie } })).text();
    expect(html).toContain('<meta name="first-screen" content="/flow"');
    expect(html).toMatch(/<div id="page-snapshot" inert="">[\s\S]*流量查询/);
  });

  it('the first operator reaches the console; each declared carrier account answers its platform’s 测试连接', async () => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
    const accounts = await get('/api/admin/carrier-accounts', { cookie });
    expect(accounts.body.code, JSON.stringify(accounts.body)).toBe(0);
    const declared = (accounts.body.data.items as { id: number; carrier: string; name: string }[]).filter((a) => a.carrier !== 'simulator');
    expect(declared.map((a) => a.carrier).sort()).toEqual(['ctwing', 'onelink', 'unicom_cmp', 'unicom_jasper']);
    for (const a of declared) {
      const test = await post(
        '/api/admin/carrier-accounts/test',
        { id: a.id },
        { cookie, 'idempotency-key': randomBytes(8).toString('hex') },
      );
      expect(test.body.data, `${a.name}: ${JSON.stringify(test.body)}`).toMatchObject({ ok: true });
    }
    expect(onelink.stats().total).toBeGreaterThan(0);
  });

  it('the official account signs a page through its platform; a phone’s error report reaches the sink; metrics need the token', async () => {
    const js = await post('/api/v2/wechat/js_config', { url: 'https://h5.example.com/home' }, { host: 'h5.example.com' });
    expect(js.body, JSON.stringify(js.body)).toMatchObject({ code: 0, data: { app_id: MP.appid } });
    expect(mp.ticket).toBeTruthy();

    const report = await post('/api/v1/error_reports', {
      release: 'start-1',
      reports: [{ kind: 'error', message: 'TypeError: x is undefined', route: '/home' }],
    });
    expect(report.body).toMatchObject({ code: 0, data: { accepted: 1 } });
    await expect.poll(() => sentry.events.length, { timeout: 15_000 }).toBeGreaterThan(0);

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^# HELP /m);
  });
});
