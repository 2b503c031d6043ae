// The start of what ships (shipped.e2e.test.ts, docs/decisions/0055): the runtime tree laid out as the
// Dockerfile's runtime stage copies it, the fakes of every integration (GenieACS NBIs, carrier
// platforms, the fixed-address gateways behind an egress proxy, the official account, the error-report
// sink), the production environment naming them, and the server started and stopped. What a test reads
// of the running start (`base`, `log`, the fakes) is exported as live bindings that startShipped sets.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

export const MP = { appid: 'wx0123456789abcdef', secret: 'mp-secret-for-the-start-01', template: 'TPL_ALERT_1' };
export const SMS_SENT: Record<string, string>[] = [];
export const CPE = DEVICE_DEMO.cpe;
export const MOBILE = '13900139011';
export const OPERATOR = { username: 'first-admin', password: `Ops#${randomBytes(6).toString('hex')}` };
export const HOSTS = ['api.mch.weixin.qq.com', 'openapi.alipay.com', 'dysmsapi.aliyuncs.com', 'api.weixin.qq.com'];

export const listen = <T extends HttpServer | HttpsServer>(s: T) =>
  new Promise<number>((done) => s.listen(0, '127.0.0.1', () => done((s.address() as AddressInfo).port)));

export const root = mkdtempSync(join(tmpdir(), 'portal-shipped-'));
export const secrets = join(root, 'secrets');
export let child: ChildProcess | null = null;
export let log = '';
export let base = '';
export const metricsToken = randomBytes(24).toString('hex');
export const closers: (() => Promise<unknown> | void)[] = [];
export let acs: FakeAcs;
export let acs2: FakeAcs;
export let sentry: FakeSentry;
export let onelink: FakeOneLink;
export const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
/** WeChat Pay's platform key: the fake gateway signs its answers with it, the server verifies them */
export const PLATFORM = { ...rsa(), serial: 'PUB_KEY_ID_0114232134912410000000000000' };
/** the prepays WeChat Pay's fake made: out_trade_no → the request */
export const PREPAYS = new Map<string, { amount: { total: number }; notify_url: string }>();
export const mp = new FakeWechatMp({ appid: MP.appid, secret: MP.secret, templates: [MP.template] });

/** The tree the image holds: each runtime COPY of the Dockerfile, from the repository or its build. */
export function layOut(): void {
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
export function gatewayCertificate(): { key: string; cert: string; file: string } {
  const keyFile = join(secrets, 'gateways-key.pem');
  const certFile = join(secrets, 'gateways-cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=portal test gateways',
    '-keyout', keyFile, '-out', certFile, '-addext', `subjectAltName=${HOSTS.map((h) => `DNS:${h}`).join(',')}`,
  ], { stdio: 'pipe' }); // prettier-ignore
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), file: certFile };
}

/** The fixed-address gateways, by host: the official account (the project's fake) and Aliyun SMS (SendSms answered OK). */
export async function gateways(tls: { key: string; cert: string }): Promise<number> {
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
export async function egressProxy(gatewayPort: number): Promise<number> {
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

export function pem(name: string, key: string): string {
  const file = join(secrets, name);
  writeFileSync(file, key, { mode: 0o600 });
  return file;
}

export async function carrierAccounts(): Promise<string> {
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
export async function environment(port: number): Promise<NodeJS.ProcessEnv> {
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

export async function waitReady(): Promise<void> {
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
export async function firstOperator(db: Db): Promise<void> {
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
export async function cardInRouter(db: Db): Promise<void> {
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

export async function bindCard(db: Db, mobile: string): Promise<void> {
  const user = await db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
  const card = await db.kysely.selectFrom('cards').select('id').where('custom_num', '=', CPE.customNum).executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('card_bindings')
    .values({ user_id: user.id, card_id: card.id, remark: '', created_at: new Date().toISOString() })
    .execute();
}

export const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as { code: number; message: string; data: any },
});
export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
    json,
  );
export const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }).then(json);
/**
 * Lays out the runtime tree, starts the server in it as the image starts it, with every integration
 * against the fakes, and writes what a deployment's first steps write into the database it
 * migrated: the first operator, a card in the router. Its database, open.
 */
export async function startShipped(): Promise<Db> {
  layOut();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = await environment(port);
  child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  await waitReady();
  // the same SQLite file the server migrated: what a deployment's first steps write
  const db = await connect(join(root, 'data', 'portal.db'));
  await firstOperator(db);
  await cardInRouter(db);
  acs2.addDevice(demoZteCpe(CPE.serial, Date.now() - 60_000));
  return db;
}

/** Stops the server and every fake, and removes the tree. */
export async function stopShipped(db: Db | undefined): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((d) => child!.once('close', d));
    child.kill('SIGTERM');
    await exited;
  }
  await db?.close();
  for (const close of closers.reverse()) await close();
  rmSync(root, { recursive: true, force: true });
}
