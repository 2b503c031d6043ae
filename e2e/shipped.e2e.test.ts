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
// reaches them: Node's own proxy support (NODE_USE_ENV_PROXY, HTTPS_PROXY) to a proxy in this file
// that hands each CONNECT to a TLS server holding a certificate for those names, trusted through
// NODE_EXTRA_CA_CERTS. The server's code is not touched: only standard Node variables differ.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeLayout, REPO_ROOT } from '../apps/server/test/shipped';
import { demoZteCpe } from '../apps/server/test/acsHelpers';
import { connect, type Db } from '../apps/server/src/db/connect';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed';
import { DEVICE_DEMO } from '../apps/server/src/db/seedDevices';
import { startFakeAcs, type FakeAcs } from '../apps/server/src/integrations/device/genieacs/fake';
import { FakeCtwing } from '../apps/server/src/integrations/carrier/ctwing/fake';
import { startOneLinkFake, type FakeOneLink } from '../apps/server/src/integrations/carrier/onelink/fake';
import { CmpFake } from '../apps/server/src/integrations/carrier/unicomCmp/fake';
import { JasperFake } from '../apps/server/src/integrations/carrier/unicomJasper/fake';
import type { HttpRequest } from '../apps/server/src/integrations/http/transport';
import { platformHeaders } from '../apps/server/src/integrations/payment/wechatpay/gatewaySide';
import { FakeWechatMp } from '../apps/server/src/integrations/messaging/wechatMp/fake';
import { hashPassword } from '../apps/server/src/lib/password';
import { startFakeSentry, type FakeSentry } from '../apps/server/src/modules/errorReports/fakeSentry';
import { freePort } from './harness';

const MP = { appid: 'wx0123456789abcdef', secret: 'mp-secret-for-the-start-01', template: 'TPL_ALERT_1' };
const SMS_SENT: Record<string, string>[] = [];
const CPE = DEVICE_DEMO.cpe;
const MOBILE = '13900139011';
const OPERATOR = { username: 'first-admin', password: `Ops#${randomBytes(6).toString('hex')}` };
const HOSTS = ['api.mch.weixin.qq.com', 'openapi.alipay.com', 'dysmsapi.aliyuncs.com', 'api.weixin.qq.com'];

const listen = <T extends HttpServer | HttpsServer>(s: T) =>
  new Promise<number>((done) => s.listen(0, '127.0.0.1', () => done((s.address() as AddressInfo).port)));

const root = mkdtempSync(join(tmpdir(), 'portal-shipped-'));
const secrets = join(root, 'secrets');
let child: ChildProcess | null = null;
let log = '';
let base = '';
const metricsToken = randomBytes(24).toString('hex');
const closers: (() => Promise<unknown> | void)[] = [];
let acs: FakeAcs;
let acs2: FakeAcs;
let sentry: FakeSentry;
let onelink: FakeOneLink;
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
/** WeChat Pay's platform key: the fake gateway signs its answers with it, the server verifies them */
const PLATFORM = { ...rsa(), serial: 'PUB_KEY_ID_0114232134912410000000000000' };
/** the prepays WeChat Pay's fake made: out_trade_no → the request */
const PREPAYS = new Map<string, { amount: { total: number }; notify_url: string }>();
const mp = new FakeWechatMp({ appid: MP.appid, secret: MP.secret, templates: [MP.template] });

/** The tree the image holds: each runtime COPY of the Dockerfile, from the repository or its build. */
function layOut(): void {
  for (const { source, dest } of runtimeLayout()) {
    mkdirSync(dirname(join(root, dest)), { recursive: true });
    cpSync(join(REPO_ROOT, source), join(root, dest), { recursive: true });
  }
  // The compromise: the image installs the server's production dependencies (`npm ci --omit=dev
  // --workspace apps/server`); doing that here would download them on every run. The repository's
  // node_modules (a superset: the dev dependencies too) stands in, so a package the server needs but
  // lists only as a devDependency would not be caught here — the bundle keeps every npm import
  // external, and `npm ci --omit=dev` in the image build is where that shows.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
}

/** A certificate for the gateways' names, its own authority (NODE_EXTRA_CA_CERTS trusts it in the server only). */
function gatewayCertificate(): { key: string; cert: string; file: string } {
  const keyFile = join(secrets, 'gateways-key.pem');
  const certFile = join(secrets, 'gateways-cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=portal test gateways',
    '-keyout', keyFile, '-out', certFile, '-addext', `subjectAltName=${HOSTS.map((h) => `DNS:${h}`).join(',')}`,
  ], { stdio: 'pipe' }); // prettier-ignore
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), file: certFile };
}

/** The fixed-address gateways, by host: the official account (the project's fake) and Aliyun SMS (SendSms answered OK). */
async function gateways(tls: { key: string; cert: string }): Promise<number> {
  const server = createHttpsServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
      const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(text);
      };
      if (host === 'dysmsapi.aliyuncs.com') {
        SMS_SENT.push(Object.fromEntries(new URLSearchParams(body)));
        return answer(200, JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: randomBytes(8).toString('hex'), BizId: '1' }));
      }
      if (host === 'api.mch.weixin.qq.com' && req.method === 'POST' && req.url === '/v3/pay/transactions/h5') {
        const order = JSON.parse(body) as { out_trade_no: string; amount: { total: number }; notify_url: string };
        PREPAYS.set(order.out_trade_no, order);
        const text = JSON.stringify({ h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${order.out_trade_no}` });
        // signed as the gateway signs, with the platform key the server was given the public half of
        return answer(
          200,
          text,
          platformHeaders(createPrivateKey(PLATFORM.privateKey), PLATFORM.serial, text, {
            timestamp: String(Math.floor(Date.now() / 1000)),
          }),
        );
      }
      if (host === 'api.weixin.qq.com') {
        const request: HttpRequest = {
          method: req.method as HttpRequest['method'],
          url: `https://${host}${req.url}`,
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          ...(body ? { body } : {}),
        };
        void mp.transport(request).then((r) => answer(r.status, r.body, r.headers));
        return;
      }
      answer(404, JSON.stringify({ code: 'NOT_FOUND', message: `no fake for ${host}${req.url}` }));
    });
  });
  const port = await listen(server);
  closers.push(() => new Promise((d) => server.close(d)));
  return port;
}

/** An egress proxy: every CONNECT goes to the gateways' TLS server, whatever host it names. */
async function egressProxy(gatewayPort: number): Promise<number> {
  const proxy = createHttpServer((_req, res) => {
    res.writeHead(502);
    res.end('CONNECT only');
  });
  proxy.on('connect', (req, socket, head) => {
    const host = String(req.url).split(':')[0]!;
    if (!HOSTS.includes(host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = tcpConnect(gatewayPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const port = await listen(proxy);
  closers.push(() => new Promise((d) => proxy.close(d)));
  return port;
}

function pem(name: string, key: string): string {
  const file = join(secrets, name);
  writeFileSync(file, key, { mode: 0o600 });
  return file;
}

async function carrierAccounts(): Promise<string> {
  onelink = await startOneLinkFake({ appid: 'OL0001', password: 'onelink-pass-01' });
  const cmp = await CmpFake.start({ appId: 'cmp-app-01', appSecret: 'cmp-secret-0123456789', openId: 'cmp-open-01' });
  const jasper = await JasperFake.start({ username: 'cc-user', apiKey: 'cc-api-key-0123456789' });
  const ctwing = await FakeCtwing.start({ appKey: 'ct-app-key', secret: 'ct-secret-0123456789abc', custNumber: '6000012345' });
  closers.push(
    () => onelink.close(),
    () => cmp.close(),
    () => jasper.close(),
    () => ctwing.close(),
  );
  const file = join(secrets, 'carrier-accounts.json');
  writeFileSync(
    file,
    JSON.stringify([
      { name: '移动-OneLink', carrier: 'onelink', base_url: onelink.baseUrl, appid: 'OL0001', password: 'onelink-pass-01' },
      {
        name: '联通-CMP',
        carrier: 'unicom_cmp',
        base_url: cmp.baseUrl,
        app_id: 'cmp-app-01',
        app_secret: 'cmp-secret-0123456789',
        open_id: 'cmp-open-01',
      },
      {
        name: '联通-Control Center',
        carrier: 'unicom_jasper',
        base_url: jasper.baseUrl,
        username: 'cc-user',
        api_key: 'cc-api-key-0123456789',
      },
      {
        name: '电信-CTWing',
        carrier: 'ctwing',
        base_url: ctwing.url,
        app_key: 'ct-app-key',
        secret: 'ct-secret-0123456789abc',
        cust_number: '6000012345',
      },
    ]),
  );
  return file;
}

/** Every variable of the start: production, real providers only, no simulator, no demo data. */
async function environment(port: number): Promise<NodeJS.ProcessEnv> {
  mkdirSync(secrets, { recursive: true });
  const tls = gatewayCertificate();
  const proxyPort = await egressProxy(await gateways(tls));
  acs = await startFakeAcs();
  acs2 = await startFakeAcs();
  sentry = await startFakeSentry();
  closers.push(
    () => acs.close(),
    () => acs2.close(),
    () => sentry.close(),
  );
  const acsFile = join(secrets, 'acs.json');
  writeFileSync(acsFile, JSON.stringify([{ name: 'reseller-acs', url: acs2.baseUrl }]));
  const merchant = rsa();
  const alipayApp = rsa();
  const alipay = rsa();
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // the load shedding stays on, at limits a shared 2-core test machine's other processes cannot
    // trip (production's 50 ms / 25 ms answered 503 服务繁忙 here while journeys ran beside it)
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '2000',
    OVERLOAD_TURN_BUDGET_MS: '1000',
    DATABASE_URL: join(root, 'data', 'portal.db'),
    PERSONAL_DATA_KEY: randomBytes(32).toString('hex'),
    ACS_URL: acs.baseUrl,
    ACS_FILE: acsFile,
    CARRIER_ACCOUNTS_FILE: await carrierAccounts(),
    CARRIER_SYNC_INTERVAL_SECONDS: '0',
    METRICS_TOKEN: metricsToken,
    SENTRY_DSN: sentry.dsn,
    PAY_PUBLIC_URL: 'https://h5.example.com',
    WECHAT_PAY_GATEWAY: 'wechatpay',
    PAYOUT_GATEWAY: 'wechatpay',
    WECHATPAY_MCHID: '1900009191',
    WECHATPAY_APPID: MP.appid,
    WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY_FILE: pem('apiclient_key.pem', merchant.privateKey),
    WECHATPAY_APIV3_KEY: randomBytes(16).toString('hex'),
    WECHATPAY_PLATFORM_SERIAL: PLATFORM.serial,
    WECHATPAY_PLATFORM_KEY_FILE: pem('wechatpay_platform.pem', PLATFORM.publicKey),
    ALIPAY_GATEWAY: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_FILE: pem('alipay_app_key.pem', alipayApp.privateKey),
    ALIPAY_PUBLIC_KEY_FILE: pem('alipay_public.pem', alipay.publicKey),
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-start-test',
    ALIYUN_SMS_ACCESS_KEY_SECRET: randomBytes(15).toString('hex'),
    ALIYUN_SMS_SIGN_NAME: '流量卡服务',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100000001',
    ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_100000002',
    WECHAT_MP_APPID: MP.appid,
    WECHAT_MP_SECRET_FILE: pem('mp-secret', MP.secret),
    WECHAT_MP_TEMPLATE_ID: MP.template,
    // the fixed-address gateways through the egress proxy; everything on 127.0.0.1 directly
    NODE_USE_ENV_PROXY: '1',
    HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
    NO_PROXY: '127.0.0.1,localhost',
    NODE_EXTRA_CA_CERTS: tls.file,
  };
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child?.exitCode !== null) throw new Error(`the server exited (${child?.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not become ready in 60 s:\n${log}`);
}

/** The first operator, as a deployment makes one before any exists: a row with its own password (no CLI does it yet). */
async function firstOperator(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('operators')
    .values({
      username: OPERATOR.username,
      display_name: '首个管理员',
      role: 'platform_admin',
      agent_id: null,
      password_hash: await hashPassword(OPERATOR.password),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * One card in one router, for the holder: the demo seed's CPE card row (made in a scratch database,
 * its demo password replaced) and its device row. Production has no demo data; a router's card
 * arrives there through the console's import, which this start does not need to prove.
 */
async function cardInRouter(db: Db): Promise<void> {
  const scratch = await connect(':memory:');
  await migrate(scratch);
  await seedDemo(scratch, new Date());
  const card = await scratch.kysely.selectFrom('cards').selectAll().where('custom_num', '=', CPE.customNum).executeTakeFirstOrThrow();
  const { id: _agentId, ...agentRow } = await scratch.kysely
    .selectFrom('agents')
    .selectAll()
    .where('id', '=', card.agent_id)
    .executeTakeFirstOrThrow();
  const payRow = await scratch.kysely
    .selectFrom('pay_settings')
    .selectAll()
    .where('agent_id', '=', card.agent_id)
    .executeTakeFirstOrThrow();
  await scratch.close();
  // a fresh production database has no agent: the card's comes with it, and its payment settings
  const agent = await db.kysely.insertInto('agents').values(agentRow).returning('id').executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('pay_settings')
    .values({ ...payRow, agent_id: agent.id })
    .execute();
  // the *_rev columns are generated by the database (migration 036)
  const row = Object.fromEntries(Object.entries(card).filter(([k]) => k !== 'id' && !k.endsWith('_rev'))) as Omit<typeof card, 'id'>;
  const inserted = await db.kysely
    .insertInto('cards')
    .values({ ...row, agent_id: agent.id, password_hash: await hashPassword(randomBytes(9).toString('hex')) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('devices')
    .values({ serial: CPE.serial, card_id: inserted.id, created_at: new Date().toISOString() })
    .execute();
}

async function bindCard(db: Db, mobile: string): Promise<void> {
  const user = await db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
  const card = await db.kysely.selectFrom('cards').select('id').where('custom_num', '=', CPE.customNum).executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('card_bindings')
    .values({ user_id: user.id, card_id: card.id, remark: '', created_at: new Date().toISOString() })
    .execute();
}

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as { code: number; message: string; data: any } });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
    json,
  );
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }).then(json);

describe('the image’s tree, started in production with every integration on', () => {
  let db: Db;
  let holder = '';
  let cookie = '';

  beforeAll(async () => {
    layOut();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = await environment(port);
    child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    await waitReady();
    // the same SQLite file the server migrated: what a deployment's first steps write
    db = await connect(join(root, 'data', 'portal.db'));
    await firstOperator(db);
    await cardInRouter(db);
    acs2.addDevice(demoZteCpe(CPE.serial, Date.now() - 60_000));
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((d) => child!.once('close', d));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.close();
    for (const close of closers.reverse()) await close();
    rmSync(root, { recursive: true, force: true });
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
