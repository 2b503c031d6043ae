// The fixtures of the console writes-once samples (adminWritesOnceSamples.ts): what a sampled write
// acts on, made directly in the database or through the console — a paid order, an open request, a
// colleague enrolled in a second factor, a held price, an issued batch, an application, firmware.
import { expect } from 'vitest';
import { type AdminEndpointName } from '@portal/contract/admin';
import { adminLogin, adminPost, cookieOf, loginAs, type DemoOperator } from './adminHelpers';
import { type TestApp } from './harness';
import { DEMO_FIRMWARE, DEVICE_DEMO } from '../src/db/seedDevices';
import { clock } from '../src/lib/clock';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { base32Decode, hotp, totpStep } from '../src/modules/admin/auth/totp';
import { personalData } from '../src/lib/personalData';
import { savePersonalInfo } from '../src/modules/realName/repo';

export type Writer = Extract<AdminEndpointName, `admin${string}`>;
export interface Sample {
  as: DemoOperator;
  /** signs in otherwise than as the demo operator `as` (a write on the operator's own account) */
  login?: (t: TestApp, f: Fixtures) => Promise<string>;
  /** counts the write's effect when it is not an audit row (an SMS sent); audit rows otherwise */
  effect?: (t: TestApp) => Promise<number>;
  /** a file upload: sent as multipart to the endpoint's address (the body names its `id`) */
  multipart?: true;
  /** a body the endpoint accepts, built on the seeded demo data */
  body: (t: TestApp, f: Fixtures, cookie: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
}
export interface Fixtures {
  agents: Record<'demo' | 'acme', number>;
  seq: () => number;
}

export const key = (n: number) => `k${Date.now().toString(36)}${n.toString(36).padStart(8, '0')}`;

/** A paid order written directly (paid from the balance, so no gateway is involved): something to refund. */
export async function paidOrder(t: TestApp, customNum: string, o: { delivered: boolean } = { delivered: true }): Promise<string> {
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  const user = await t.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const orderNo = `WO${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await t.db.kysely
    .insertInto('orders')
    .values({
      order_no: orderNo,
      card_id: card.id,
      user_id: user.id,
      goods_type: 'package',
      title: '测试套餐',
      package_id: null,
      coupon_package_id: null,
      total_fen: 3000,
      discount_fen: 0,
      payable_fen: 3000,
      credit_fen: 0,
      bonus_fen: 0,
      voucher_id: null,
      pay_channel: 3,
      state: 'fulfilled',
      request_id: `r${orderNo}`,
      request_fingerprint: '',
      payment_id: null,
      pay_url: null,
      access_key_hash: '',
      created_at: now,
      expires_at: now,
      paid_at: now,
      fulfilled_at: o.delivered ? now : null,
      closed_at: null,
      last_query_at: null,
      upgrade_add_kb: null,
      upgrade_expired_at: null,
    })
    .execute();
  return orderNo;
}

/** A holder's open refund or invoice request of a fresh paid order (docs/decisions/0045). */
export async function openRequest(t: TestApp, table: 'refund_requests' | 'invoice_requests'): Promise<number> {
  const orderNo = await paidOrder(t, '1000000002', { delivered: false });
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000002').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  if (table === 'refund_requests') {
    const r = await t.db.kysely
      .insertInto('refund_requests')
      .values({
        order_no: orderNo,
        card_id: card.id,
        reason: '买错了',
        status: 'open',
        answer: '',
        refund_no: null,
        operator_username: '',
        created_at: now,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  const r = await t.db.kysely
    .insertInto('invoice_requests')
    .values({
      order_no: orderNo,
      card_id: card.id,
      title_type: 'personal',
      title: '张三',
      tax_no: '',
      email: 'zhangsan@example.com',
      amount_fen: 3000,
      status: 'open',
      invoice_no: '',
      pdf_upload_id: null,
      answer: '',
      operator_username: '',
      created_at: now,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export const COLLEAGUE_PASSWORD = 'Colleague2026x';
export const ACME_VERIFY_MOBILE = '13700137000';

/** A new support colleague, created by the administrator and signed in: the session's cookie. */
export async function colleague(t: TestApp, f: Fixtures): Promise<string> {
  const username = `self${f.seq()}`;
  const body = { username, display_name: '新同事', role: 'support', password: COLLEAGUE_PASSWORD, reason: '入职' };
  const res = await adminPost(t, '/api/admin/operators/create', body, await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  const login = await adminLogin(t, username, COLLEAGUE_PASSWORD);
  expect(login.json().data.status, login.body).toBe('ok');
  return cookieOf(login);
}

/** Two-step verification begun for the signed-in operator: the secret to compute codes from. */
export async function enrolledSecret(t: TestApp, cookie: string): Promise<string> {
  const res = await adminPost(t, '/api/admin/totp/enrol', {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secret;
}

export function totpCode(secret: string): string {
  return hotp(base32Decode(secret), totpStep(Math.floor(clock.now().getTime() / 1000)));
}

/** A two-card import file, new numbers each time. */
export function importFile(f: Fixtures): { file_name: string; content_base64: string } {
  const n = f.seq();
  const iccid = (i: number) => {
    const body = `8986011${String(n * 10 + i).padStart(12, '0')}`;
    return body + luhnDigit(body);
  };
  const lines = ['卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识', ...[1, 2].map((i) => `${3200000000 + n * 10 + i},${iccid(i)},,2,1,demo`)];
  return { file_name: 'cards.csv', content_base64: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64') };
}

export async function smsSent(t: TestApp, mobile: string): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('sim_sms_outbox')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A price above the retail limit, asked by the agent administrator: a pending approval's id. */
/** A platform administrator `admin` asked for and `admin2` approved: its id. */
export async function approvedAdmin(t: TestApp, username: string): Promise<number> {
  const body = { username, display_name: '第三位管理员', role: 'platform_admin', password: 'Third2026xx', reason: '新增' };
  const asked = await adminPost(t, '/api/admin/operators/create', body, await loginAs(t, 'admin'));
  expect(asked.statusCode, asked.body).toBe(200);
  const ok = await adminPost(
    t,
    '/api/admin/approvals/approve',
    { id: asked.json().data.pending_approval.id, reason: '同意' },
    await loginAs(t, 'admin2'),
  );
  expect(ok.statusCode, ok.body).toBe(200);
  return operatorId(t, username);
}

export async function heldPrice(t: TestApp, f: Fixtures): Promise<number> {
  const p = await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享100G月包').executeTakeFirstOrThrow();
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/catalogue/prices/save',
    payload: { package_id: p.id, retail_fen: 9_000_000 + f.seq(), reason: '调价', price_confirmed: true },
    headers: { cookie: await loginAs(t, 'agent') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.pending_approval.id;
}

export async function issuedBatch(t: TestApp, f: Fixtures): Promise<number> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/vouchers/issue',
    payload: {
      request_id: `req-once-${f.seq()}-batch`,
      target: { kind: 'cards', custom_nums: ['1000000001'] },
      name: '误发券',
      amount_fen: 100,
      min_spend_fen: 0,
      valid_days: 30,
      package_types: [],
      reason: '活动发放',
    },
    headers: { cookie: await loginAs(t, 'agent') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.batch.id;
}

export async function withPersonalInfo(t: TestApp, customNum: string): Promise<number> {
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  const info = { name: '张三', id_number: '110105194912310021', mobile: '13800138000', id_photo_front: null, id_photo_back: null };
  await savePersonalInfo(t.db.kysely, personalData(t.config), card.id, info, new Date().toISOString());
  return card.id;
}

/** A holder's replacement request, written directly, waiting to be shipped: its id. */
export async function replacement(t: TestApp, customNum: string): Promise<number> {
  const pd = personalData(t.config);
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  const r = await t.db.kysely
    .insertInto('change_card_applications')
    .values({
      card_id: card.id,
      status: 'submitted',
      receiver_name: pd.seal('张三'),
      receiver_mobile: pd.seal('13800138000'),
      province: pd.seal('浙江省'),
      city: pd.seal('杭州市'),
      address: pd.seal('西湖区文三路 1 号'),
      reason: '卡片损坏',
      new_custom_num: '',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The demo catalogue's firmware image `i` (DEMO_FIRMWARE): its id. */
export async function demoFirmwareId(t: TestApp, i: number): Promise<number> {
  const fw = DEMO_FIRMWARE[i]!;
  const r = await t.db.kysely
    .selectFrom('firmware_images')
    .select('id')
    .where('model', '=', fw.model)
    .where('version', '=', fw.version)
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A WiFi change the demo holder asked of their offline MiFi: a task waiting for it, its id. */
export async function queuedWifiTask(t: TestApp): Promise<number> {
  const token = await t.loginAccount();
  const res = await t.post('/api/v1/device/wifi', { custom_num: DEVICE_DEMO.offline.customNum, password: 'queued-pass-7' }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

export const firmwareBody = (f: Fixtures) => ({
  model: '5G CPE Pro',
  version: `V9.${f.seq()}.0`,
  file_name: 'CPE5G-Pro_once.bin',
  size_bytes: 50_000_000,
  notes: '测试版本',
  reason: '厂商发布新版本',
});

export async function firmwareId(t: TestApp, f: Fixtures): Promise<number> {
  const res = await adminPost(t, '/api/admin/devices/firmware', firmwareBody(f), await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

export const carrierAccountBody = (f: Fixtures) => ({
  name: `电信-华东${f.seq()}`,
  carrier: 'ctwing',
  base_url: 'https://ctwing.example.com',
  calls_per_second: 0,
  fields: { app_key: 'app-key', secret: 'secret-value', cust_number: '10001' },
  reason: '接入电信平台',
});

export async function carrierAccountId(t: TestApp, f: Fixtures): Promise<number> {
  const res = await adminPost(t, '/api/admin/carrier-accounts/create', carrierAccountBody(f), await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

export async function operatorId(t: TestApp, username: string): Promise<number> {
  return (await t.db.kysely.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}
