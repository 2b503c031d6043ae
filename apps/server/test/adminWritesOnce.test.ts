// Console writes made once (docs/decisions/0041-console-writes-once.md): every write endpoint of the
// console, sent twice at once with the same Idempotency-Key (a double click that got past the
// disabled button, a retry after a timeout, the same form in two tabs), is carried out once, and
// both requests get the same answer. A key is for one endpoint and one content; a refused first
// request gives its key back. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS, type AdminEndpointName } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { methodOf, pathOf } from '@portal/contract/route';
import { MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs, type DemoOperator } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { loadConfig } from '../src/config';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { givePasswordsToCardsWithout } from '../src/db/migrations/022_card_password_handouts';
import { DEMO_FIRMWARE, DEVICE_DEMO } from '../src/db/seedDevices';
import { clock } from '../src/lib/clock';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { base32Decode, hotp, totpStep } from '../src/modules/admin/auth/totp';
import { personalData } from '../src/lib/personalData';
import { savePersonalInfo } from '../src/modules/realName/repo';
import { paidDeviceOrder } from './shopOrderHelpers';
import { multipart, PNG } from './uploadHelpers';
import { enableTotp, openRefundRequest, paidBalanceOrder } from './refundHelpers';

type Writer = Extract<AdminEndpointName, `admin${string}`>;
interface Sample {
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
interface Fixtures {
  agents: Record<'demo' | 'acme', number>;
  seq: () => number;
}

const key = (n: number) => `k${Date.now().toString(36)}${n.toString(36).padStart(8, '0')}`;

/** A paid order written directly (paid from the balance, so no gateway is involved): something to refund. */
async function paidOrder(t: TestApp, customNum: string, o: { delivered: boolean } = { delivered: true }): Promise<string> {
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
async function openRequest(t: TestApp, table: 'refund_requests' | 'invoice_requests'): Promise<number> {
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

/** Each write with a body it accepts; proven below against the running server. */
const SAMPLES: Partial<Record<Writer, Sample>> = {
  adminRefundRequestApprove: {
    as: 'finance',
    body: async (t) => ({ id: await openRequest(t, 'refund_requests'), reason: '核实未使用，同意退款' }),
  },
  adminRefundRequestReject: {
    as: 'finance',
    body: async (t) => ({ id: await openRequest(t, 'refund_requests'), reason: '套餐已开始使用' }),
  },
  adminInvoiceRequestIssue: {
    as: 'finance',
    body: async (t) => ({ id: await openRequest(t, 'invoice_requests'), invoice_no: '26442000000123456789' }),
  },
  adminInvoiceRequestReject: {
    as: 'finance',
    body: async (t) => ({ id: await openRequest(t, 'invoice_requests'), reason: '抬头与付款人不符' }),
  },
  adminOrderPartialRefund: {
    as: 'finance',
    body: async (t, f) => ({
      order_no: await paidOrder(t, '1000000002'),
      amount_fen: 500,
      reason: '网络故障补偿',
      request_id: `pr${f.seq()}x${Date.now()}`,
    }),
  },
  adminCardSetState: { as: 'agent', body: () => ({ card: '1000000002', action: 'suspend', reason: '持卡人来电要求停机' }) },
  adminCardSetSeries: {
    as: 'admin',
    body: async (t) => {
      const card = await t.db.kysely
        .selectFrom('cards')
        .select(['agent_id', 'package_series_ids'])
        .where('custom_num', '=', '1000000001')
        .executeTakeFirstOrThrow();
      const other = await t.db.kysely
        .selectFrom('package_series')
        .select('id')
        .where('agent_id', '=', card.agent_id)
        .where('id', 'not in', JSON.parse(card.package_series_ids) as number[])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { card: '1000000001', series_id: other.id, reason: '改用新系列' };
    },
  },
  adminCardRealNameRemind: { as: 'support', body: () => ({ card: '1000000003', reason: '持卡人说没收到链接' }) },
  adminCardTicketOpen: {
    as: 'support',
    body: () => ({ card: '1000000001', category: 'connectivity', description: '持卡人来电：昨晚起无法上网', reason: '电话反映' }),
  },
  adminBulkJobCreate: { as: 'agent', body: () => ({ kind: 'suspend', custom_nums: ['1000000001'], reason: '欠费风控' }) },
  adminTicketReply: {
    as: 'support',
    body: async (t) => ({
      id: (await t.db.kysely.selectFrom('tickets').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      status: 'replied',
      content: '已为您补发流量，请重启设备后查看',
    }),
  },
  adminAgentBrandingSave: {
    as: 'admin',
    body: async (t, f) => {
      const d = (await adminGet(t, `/api/admin/agents/detail?id=${f.agents.demo}`, await loginAs(t, 'admin'))).json().data;
      return { id: f.agents.demo, branding: { ...d.branding, apply_name: `新品牌${f.seq()}` }, reason: '更换品牌' };
    },
  },
  adminAgentFeaturesSave: {
    as: 'admin',
    body: async (t, f) => {
      const d = (await adminGet(t, `/api/admin/agents/detail?id=${f.agents.acme}`, await loginAs(t, 'admin'))).json().data;
      return { id: f.agents.acme, features: { ...d.features, card_login: !d.features.card_login }, reason: '调整功能' };
    },
  },
  adminAgentCreate: { as: 'admin', body: (_t, f) => ({ mark: `twice${f.seq()}`, nickname: '并发代理', reason: '签约新代理' }) },
  adminSubAgentCreate: {
    as: 'agent',
    body: (_t, f) => ({ parent_id: f.agents.demo, mark: `sub${f.seq()}`, nickname: '下级代理', share_bp: 7000, reason: '发展下级代理' }),
  },
  adminSubAgentTermsSave: {
    as: 'agent',
    body: async (t, f) => {
      const res = await adminPost(
        t,
        '/api/admin/agents/sub/create',
        { parent_id: f.agents.demo, mark: `terms${f.seq()}`, nickname: '下级代理', share_bp: 7000, reason: '发展下级代理' },
        await loginAs(t, 'agent'),
      );
      return { id: res.json().data.id, share_bp: 6000, costs: [], reason: '调整下级分成' };
    },
  },
  adminSeriesSave: {
    as: 'admin',
    body: (_t, f) => ({ agent_id: f.agents.demo, name: `加油包系列${f.seq()}`, description: '', sort: 5, reason: '新系列上架' }),
  },
  adminPackageSave: {
    as: 'admin',
    body: async (t, f) => ({
      series_id: (
        await t.db.kysely
          .selectFrom('package_series')
          .select('id')
          .where('agent_id', '=', f.agents.demo)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      name: `加油包${f.seq()}G`,
      package_type: 2,
      period: 2,
      period_count: 1,
      flow_mb: 5120,
      cost_fen: 300,
      retail_fen: 500,
      original_price_fen: 800,
      description: '当月有效',
      voucher_allowed: true,
      recommended: false,
      on_sale: true,
      sort: 0,
      reason: '新套餐上架',
    }),
  },
  adminPriceSave: {
    as: 'admin',
    body: async (t, f) => ({
      package_id: (await t.db.kysely.selectFrom('packages').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      cost_fen: 1500,
      retail_fen: 2500 + f.seq(),
      reason: '双十一调价',
    }),
  },
  adminRechargeOfferSave: {
    as: 'admin',
    body: (_t, f) => ({
      agent_id: f.agents.demo,
      offer: { amount_fen: 10000, bonus_fen: 1000 + f.seq(), title: '首充100送', description: '仅限首次充值' },
      reason: '首充活动',
    }),
  },
  adminOperatorCreate: {
    as: 'admin',
    body: (_t, f) => ({ username: `twice${f.seq()}`, display_name: '新同事', role: 'support', password: 'Newbie2026x', reason: '入职' }),
  },
  adminCardPasswordReset: { as: 'admin', body: () => ({ custom_num: '1000000004', reason: '用户遗失卡密码' }) },
  adminAgentPaySave: {
    as: 'admin',
    body: async (t, f) => {
      const d = (await adminGet(t, `/api/admin/agents/detail?id=${f.agents.acme}`, await loginAs(t, 'admin'))).json().data;
      return { id: f.agents.acme, pay: { ...d.pay, wechat_pay: !d.pay.wechat_pay, wechat_pay_type: 4 }, reason: '开通微信支付' };
    },
  },
  adminCouponPackageSave: {
    as: 'admin',
    body: (_t, f) => ({
      agent_id: f.agents.demo,
      name: `新人券包${f.seq()}`,
      price_fen: 990,
      description: '',
      vouchers: [{ amount_fen: 500, min_spend_fen: 2000, valid_days: 30, package_types: [3] }],
      on_sale: true,
      reason: '上架券包',
    }),
  },
  adminTicketContactReveal: {
    as: 'support',
    body: async (t) => ({
      id: (await t.db.kysely.selectFrom('tickets').select('id').where('contact', '!=', '').orderBy('id').executeTakeFirstOrThrow()).id,
      reason: '电话回访',
    }),
  },
  adminOperatorResetPassword: {
    as: 'admin',
    body: async (t) => ({ id: await operatorId(t, 'finance'), password: 'Reset2026y', reason: '忘记密码' }),
  },
  adminOperatorUnlock: { as: 'admin', body: async (t) => ({ id: await operatorId(t, 'finance'), reason: '本人确认' }) },
  // a support colleague's second factor: done at once (docs/decisions/0059)
  adminOperatorResetTotp: {
    as: 'admin',
    body: async (t, f) => {
      await enableTotp(t, await colleague(t, f));
      // the colleague just created
      const me = await t.db.kysely.selectFrom('operators').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return { id: me.id, reason: '手机丢失' };
    },
  },
  adminOperatorSetRole: {
    as: 'admin',
    body: async (t) => ({ id: await operatorId(t, 'support'), role: 'finance', agent_id: null, reason: '转岗财务' }),
  },
  adminVoucherBatchRevoke: { as: 'agent', body: async (t, f) => ({ id: await issuedBatch(t, f), reason: '金额填错，撤回重发' }) },
  adminOperatorSetDisabled: { as: 'admin', body: async (t) => ({ id: await operatorId(t, 'finance'), disabled: true, reason: '离职' }) },
  adminWriteLimitsSave: {
    as: 'admin',
    body: (_t, f) => ({ ...DEFAULT_WRITE_LIMITS, voucher_valid_days: 300 + f.seq(), reason: '调整审批限额' }),
  },
  adminApprovalReject: { as: 'admin', body: async (t, f) => ({ id: await heldPrice(t, f), reason: '价格有误，驳回' }) },
  adminOrderMobileReveal: { as: 'admin', body: async (t) => ({ order_no: await paidOrder(t, '1000000001'), reason: '核实机主身份' }) },
  adminRealNameReveal: { as: 'admin', body: async (t) => ({ card_id: await withPersonalInfo(t, '1000000002'), reason: '核实实名信息' }) },
  adminApplicationDecide: { as: 'admin', body: async (t, f) => ({ id: await application(t, f), decision: 'in_review', reason: '' }) },
  adminReplacementMove: {
    as: 'agent',
    body: async (t) => ({ id: await replacement(t, '1000000001'), to: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' }),
  },
  adminShopOrderShip: {
    as: 'agent',
    body: async (t) => ({ order_no: await paidDeviceOrder(t), carrier: '顺丰速运', tracking_no: 'SF1234567890' }),
  },
  adminFirmwareCreate: { as: 'admin', body: (_t, f) => firmwareBody(f) },
  adminFirmwareWithdraw: { as: 'admin', body: async (t, f) => ({ id: await firmwareId(t, f), reason: '版本有缺陷' }) },
  adminCarrierAccountCreate: { as: 'admin', body: (_t, f) => carrierAccountBody(f) },
  adminCarrierAccountUpdate: {
    as: 'admin',
    body: async (t, f) => {
      const { carrier: _c, ...b } = carrierAccountBody(f);
      return { ...b, id: await carrierAccountId(t, f), name: `电信-改名${f.seq()}`, reason: '改名' };
    },
  },
  adminCarrierAccountSetEnabled: {
    as: 'admin',
    body: async (t, f) => ({ id: await carrierAccountId(t, f), enabled: false, reason: '暂停同步' }),
  },
  // as the agent administrator (adminOperatorSetRole's sample asks to move support to finance; it waits for a second administrator)
  adminDeviceFirmwarePush: {
    as: 'agent',
    body: async (t) => ({ custom_num: DEVICE_DEMO.offline.customNum, firmware_id: await demoFirmwareId(t, 1), reason: '省电' }),
  },
  adminDeviceTaskCancel: {
    as: 'agent',
    body: async (t) => ({ custom_num: DEVICE_DEMO.offline.customNum, id: await queuedWifiTask(t), reason: '用户改主意了' }),
  },
  adminApprovalWithdraw: { as: 'agent', body: async (t, f) => ({ id: await heldPrice(t, f), reason: '价格填错，撤回' }) },
  adminBrandingImageUpload: { as: 'agent', multipart: true, body: (_t, f) => ({ id: f.agents.demo }) },
  adminCommissionSettings: {
    as: 'admin',
    body: (_t, f) => ({ agent_id: f.agents.demo, holding_days: f.seq() % 90, verify_mobile: '13800138000', reason: '调整冻结期' }),
  },
  // the operator's own account: a new colleague each, so the demo operators keep their logins
  adminChangePassword: {
    as: 'admin',
    login: (t, f) => colleague(t, f),
    body: () => ({ old_password: COLLEAGUE_PASSWORD, new_password: 'Changed2026z' }),
  },
  adminTotpEnrol: { as: 'admin', login: (t, f) => colleague(t, f), body: () => ({}) },
  adminTotpConfirm: {
    as: 'admin',
    login: (t, f) => colleague(t, f),
    body: async (t, _f, cookie) => ({ code: totpCode(await enrolledSecret(t, cookie)) }),
  },
  adminTotpDisable: {
    as: 'admin',
    login: (t, f) => colleague(t, f),
    body: async (t, _f, cookie) => {
      const secret = await enrolledSecret(t, cookie);
      const on = await adminPost(t, '/api/admin/totp/confirm', { code: totpCode(secret) }, cookie);
      expect(on.statusCode, on.body).toBe(200);
      return { password: COLLEAGUE_PASSWORD };
    },
  },
  adminCardImportCommit: { as: 'admin', body: (_t, f) => ({ ...importFile(f), reason: '新到货' }) },
  adminCardImportUndo: {
    as: 'admin',
    body: async (t, f, cookie) => {
      const res = await adminPost(t, '/api/admin/card-imports', { ...importFile(f), reason: '新到货' }, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return { batch_id: res.json().data.id, reason: '导错了批次' };
    },
  },
  adminCardPasswordTake: {
    as: 'admin',
    body: async (t) => {
      // cards without a password (as the migration found them): their new passwords wait to be taken
      await t.db.kysely.updateTable('cards').set({ password_hash: '' }).where('custom_num', '=', '1000000005').execute();
      expect(await givePasswordsToCardsWithout(t.db.kysely)).toBeGreaterThan(0);
      return { reason: '打印寄送' };
    },
  },
  adminCommissionAccountCode: {
    as: 'admin',
    effect: (t) => smsSent(t, ACME_VERIFY_MOBILE),
    body: async (t, f, cookie) => {
      const res = await adminPost(
        t,
        '/api/admin/commissions/settings',
        { agent_id: f.agents.acme, holding_days: 7, verify_mobile: ACME_VERIFY_MOBILE, reason: '登记验证手机' },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      // a new verification mobile waits for a second platform administrator (docs/decisions/0056)
      const held = res.json().data.pending_approval;
      if (held) {
        const ok = await adminPost(
          t,
          '/api/admin/approvals/approve',
          { id: held.id, reason: '核实为代理本人号码' },
          await loginAs(t, 'admin2'),
        );
        expect(ok.statusCode, ok.body).toBe(200);
      }
      return { agent_id: f.agents.acme };
    },
  },
  adminCommissionAccountSave: {
    as: 'agent',
    body: async (t, f, cookie) => {
      const sent = await adminPost(t, '/api/admin/commissions/account/code', {}, cookie);
      expect(sent.statusCode, sent.body).toBe(200);
      const account = await t.db.kysely
        .selectFrom('commission_accounts')
        .select('verify_mobile')
        .where('agent_id', '=', f.agents.demo)
        .executeTakeFirstOrThrow();
      return {
        payout_method: 1,
        payee: '示范通信',
        payout_account: '6222020200199998888',
        sms_code: await t.lastSmsCode(account.verify_mobile),
      };
    },
  },
};

const COLLEAGUE_PASSWORD = 'Colleague2026x';
const ACME_VERIFY_MOBILE = '13700137000';

/** A new support colleague, created by the administrator and signed in: the session's cookie. */
async function colleague(t: TestApp, f: Fixtures): Promise<string> {
  const username = `self${f.seq()}`;
  const body = { username, display_name: '新同事', role: 'support', password: COLLEAGUE_PASSWORD, reason: '入职' };
  const res = await adminPost(t, '/api/admin/operators/create', body, await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  const login = await adminLogin(t, username, COLLEAGUE_PASSWORD);
  expect(login.json().data.status, login.body).toBe('ok');
  return cookieOf(login);
}

/** Two-step verification begun for the signed-in operator: the secret to compute codes from. */
async function enrolledSecret(t: TestApp, cookie: string): Promise<string> {
  const res = await adminPost(t, '/api/admin/totp/enrol', {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secret;
}

function totpCode(secret: string): string {
  return hotp(base32Decode(secret), totpStep(Math.floor(clock.now().getTime() / 1000)));
}

/** A two-card import file, new numbers each time. */
function importFile(f: Fixtures): { file_name: string; content_base64: string } {
  const n = f.seq();
  const iccid = (i: number) => {
    const body = `8986011${String(n * 10 + i).padStart(12, '0')}`;
    return body + luhnDigit(body);
  };
  const lines = ['卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识', ...[1, 2].map((i) => `${3200000000 + n * 10 + i},${iccid(i)},,2,1,demo`)];
  return { file_name: 'cards.csv', content_base64: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64') };
}

async function smsSent(t: TestApp, mobile: string): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('sim_sms_outbox')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A price above the retail limit, asked by the agent administrator: a pending approval's id. */
/** A platform administrator `admin` asked for and `admin2` approved: its id. */
async function approvedAdmin(t: TestApp, username: string): Promise<number> {
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

async function heldPrice(t: TestApp, f: Fixtures): Promise<number> {
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

async function issuedBatch(t: TestApp, f: Fixtures): Promise<number> {
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

async function withPersonalInfo(t: TestApp, customNum: string): Promise<number> {
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  const info = { name: '张三', id_number: '110105194912310021', mobile: '13800138000', id_photo_front: null, id_photo_back: null };
  await savePersonalInfo(t.db.kysely, personalData(t.config), card.id, info, new Date().toISOString());
  return card.id;
}

/** An agent application through the demo agent, written directly, waiting: its id. */
async function application(t: TestApp, f: Fixtures): Promise<number> {
  const now = new Date().toISOString();
  const n = f.seq();
  const r = await t.db.kysely
    .insertInto('agent_applications')
    .values({
      application_no: `A261127${String(n).padStart(6, '0')}once`,
      access_key: `k${Date.now()}${n}`.padEnd(32, 'x'),
      agent_id: f.agents.demo,
      name: '王小明',
      mobile: `1392222${String(n % 10_000).padStart(4, '0')}`,
      open_mobile: null,
      province: '浙江省',
      city: '杭州市',
      channel: 'online_shop',
      notes: '',
      status: 'submitted',
      reject_reason: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A holder's replacement request, written directly, waiting to be shipped: its id. */
async function replacement(t: TestApp, customNum: string): Promise<number> {
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
async function demoFirmwareId(t: TestApp, i: number): Promise<number> {
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
async function queuedWifiTask(t: TestApp): Promise<number> {
  const token = await t.loginAccount();
  const res = await t.post('/api/v1/device/wifi', { custom_num: DEVICE_DEMO.offline.customNum, password: 'queued-pass-7' }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const firmwareBody = (f: Fixtures) => ({
  model: '5G CPE Pro',
  version: `V9.${f.seq()}.0`,
  file_name: 'CPE5G-Pro_once.bin',
  size_bytes: 50_000_000,
  notes: '测试版本',
  reason: '厂商发布新版本',
});

async function firmwareId(t: TestApp, f: Fixtures): Promise<number> {
  const res = await adminPost(t, '/api/admin/devices/firmware', firmwareBody(f), await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const carrierAccountBody = (f: Fixtures) => ({
  name: `电信-华东${f.seq()}`,
  carrier: 'ctwing',
  base_url: 'https://ctwing.example.com',
  calls_per_second: 0,
  fields: { app_key: 'app-key', secret: 'secret-value', cust_number: '10001' },
  reason: '接入电信平台',
});

async function carrierAccountId(t: TestApp, f: Fixtures): Promise<number> {
  const res = await adminPost(t, '/api/admin/carrier-accounts/create', carrierAccountBody(f), await loginAs(t, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function operatorId(t: TestApp, username: string): Promise<number> {
  return (await t.db.kysely.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/**
 * Console POSTs that need no sample here, besides those whose declaration says so (`writes: false`:
 * a read sent as a POST; `idempotent`: made once by itself, and where that is proven): the session's
 * own endpoints, which an Idempotency-Key cannot concern.
 */
const EXCEPTIONS: Partial<Record<Writer, string>> = {
  adminLogin: 'open: no operator yet to key on; a second login is a second session (adminAuth.test.ts)',
  adminLogout: 'ending an ended session changes nothing (adminAuth.test.ts)',
};

/** Why a console POST is not sampled: its declaration (`writes: false`, `idempotent`) or EXCEPTIONS. */
function onceByItself(name: Writer): string | undefined {
  const d = ADMIN_ENDPOINTS[name] as { writes?: false; idempotent?: string };
  return EXCEPTIONS[name] ?? (d.writes === false ? 'writes nothing' : d.idempotent);
}

function writers(): Writer[] {
  return (Object.keys(ADMIN_ENDPOINTS) as Writer[]).filter((n) => methodOf(ADMIN_ENDPOINTS[n].route) === 'POST');
}

function send(t: TestApp, name: Writer, body: unknown, cookie: string, idempotencyKey?: string) {
  if (SAMPLES[name]?.multipart) {
    const file = multipart([{ content: PNG }]);
    return t.inject({
      method: 'POST',
      url: `/api${pathOf(ADMIN_ENDPOINTS[name].route, body as Record<string, string | number>)}`,
      payload: file.payload,
      headers: { ...file.headers, cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  }
  return t.inject({
    method: 'POST',
    url: `/api${pathOf(ADMIN_ENDPOINTS[name].route)}`,
    payload: body as object,
    headers: { cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  });
}

async function auditRows(t: TestApp): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('audit_log')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe.each(databases())('console writes made once on %s', (kind) => {
  const t = useTestApp(kind);
  let n = 0;
  const fixtures = async (): Promise<Fixtures> => {
    const rows = await t.db.kysely.selectFrom('agents').select(['id', 'mark']).execute();
    return { agents: Object.fromEntries(rows.map((r) => [r.mark, r.id])) as Fixtures['agents'], seq: () => ++n };
  };

  // fifty-odd writes, each with its sign-in and fixtures, twice and once more: more than the default 30 s on a busy machine
  it('sampled writes, sent twice at once with one key: done once, the same answer to both, and again later', async () => {
    const f = await fixtures();
    for (const [name, s] of Object.entries(SAMPLES) as [Writer, Sample][]) {
      const cookie = s.login ? await s.login(t, f) : await loginAs(t, s.as);
      const body = await s.body(t, f, cookie);
      const effect = s.effect ?? auditRows;
      const k = key(f.seq());
      const before = await effect(t);
      const [a, b] = await Promise.all([send(t, name, body, cookie, k), send(t, name, body, cookie, k)]);
      expect(a.statusCode, `${name}: ${a.body}`).toBe(200);
      expect(b.statusCode, `${name}: ${b.body}`).toBe(200);
      expect(b.json(), name).toEqual(a.json());
      expect(await effect(t), `${name}: done once`).toBe(before + 1);
      // the same key later (the answer that never reached the console): the same answer, nothing more
      const later = await send(t, name, body, cookie, k);
      expect(later.json(), name).toEqual(a.json());
      expect(await effect(t), name).toBe(before + 1);
    }
    // the answers kept for a replay are sealed: a revealed mobile or ID number is not there in plain text
    const kept = await t.db.kysely.selectFrom('admin_request_keys').select(['endpoint', 'answer']).where('state', '=', 'done').execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(row.answer.startsWith('pd1.'), row.endpoint).toBe(true);
    const plain = JSON.stringify(kept);
    expect(plain).not.toMatch(/1[3-9]\d{9}/);
  }, 180_000);

  // the writes held whatever their size (docs/decisions/0056): sent twice at once with one key, one request waits
  it('held writes, sent twice at once with one key: one request waits, the same answer to both', async () => {
    const f = await fixtures();
    const held: [Writer, DemoOperator, (t: TestApp) => Promise<unknown>][] = [
      ['adminWriteLimitsSave', 'admin', async () => ({ ...DEFAULT_WRITE_LIMITS, balance_adjust_fen: 200_000 + f.seq(), reason: '放宽' })],
      [
        'adminOperatorCreate',
        'admin',
        async () => ({
          username: `boss${f.seq()}`,
          display_name: '新管理员',
          role: 'platform_admin',
          password: 'Boss2026xx',
          reason: '新增',
        }),
      ],
      [
        'adminOperatorResetPassword',
        'admin',
        // a third platform administrator (created through approval), so that admin2 could approve its reset
        async (tt) => ({ id: await approvedAdmin(tt, `third${f.seq()}`), password: 'Reset2026zz', reason: '忘记密码' }),
      ],
      [
        'adminOperatorResetTotp',
        'admin',
        // a third platform administrator with a second factor, so that admin2 could approve its reset
        async (tt) => {
          const id = await approvedAdmin(tt, `totp${f.seq()}`);
          const username = (await tt.db.kysely.selectFrom('operators').select('username').where('id', '=', id).executeTakeFirstOrThrow())
            .username;
          await enableTotp(tt, cookieOf(await adminLogin(tt, username, 'Third2026xx')));
          return { id, reason: '手机丢失' };
        },
      ],
      // refunds above the refund limit (¥2,000 from the balance; the limit is ¥1,000); not finance, as above
      ['adminOrderRefund', 'admin', async (tt) => ({ order_no: await paidBalanceOrder(tt, '1000000002', 200_000), reason: '客户投诉' })],
      [
        'adminOrderPartialRefund',
        'admin',
        async (tt) => ({
          order_no: await paidBalanceOrder(tt, '1000000002', 200_000),
          amount_fen: 150_000,
          reason: '补偿',
          request_id: `held-part-${f.seq()}`,
        }),
      ],
      [
        'adminRefundRequestApprove',
        'admin',
        async (tt) => ({ id: await openRefundRequest(tt, await paidBalanceOrder(tt, '1000000002', 200_000)), reason: '同意退款' }),
      ],
      [
        'adminOperatorSetRole',
        'admin',
        async (tt) => ({ id: await operatorId(tt, 'agent'), role: 'support', agent_id: null, reason: '转岗' }),
      ],
      [
        'adminCommissionAdjust',
        // not finance: the sampled writes above reset finance's password
        'admin',
        async () => ({ agent_id: f.agents.demo, amount_fen: 4_000_000, reason: '季度奖励', request_id: `held-adj-${f.seq()}` }),
      ],
      [
        'adminCommissionSettings',
        'admin',
        async () => ({
          agent_id: f.agents.demo,
          holding_days: 7,
          verify_mobile: `1350000${String(f.seq()).padStart(4, '0')}`,
          reason: '换号',
        }),
      ],
    ];
    const waiting = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('approval_requests')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const [name, as, body] of held) {
      const cookie = await loginAs(t, as);
      const b = await body(t);
      const k = key(f.seq());
      const before = await waiting();
      const [a, c] = await Promise.all([send(t, name, b, cookie, k), send(t, name, b, cookie, k)]);
      expect(a.statusCode, `${name}: ${a.body}`).toBe(200);
      expect(a.json().data.pending_approval, `${name}: ${a.body}`).toBeDefined();
      expect(c.json(), name).toEqual(a.json());
      expect(await waiting(), `${name}: kept once`).toBe(before + 1);
    }
  }, 60_000);

  it('every console write is sampled or makes itself once', () => {
    const unproven = writers().filter((w) => !SAMPLES[w] && !SAMPLED_APART[w] && !onceByItself(w));
    expect(unproven).toEqual([]);
    // a write sampled here is not also declared as making itself once, and only a console POST says either
    expect(writers().filter((w) => SAMPLES[w] && onceByItself(w))).toEqual([]);
    const misplaced = (Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[]).filter((n) => {
      const d = ADMIN_ENDPOINTS[n] as { writes?: false; idempotent?: string };
      return (d.writes !== undefined || d.idempotent !== undefined) && methodOf(ADMIN_ENDPOINTS[n].route) !== 'POST';
    });
    expect(misplaced).toEqual([]);
  });

  it('a key is for one endpoint and one content; a refused write gives its key back', async () => {
    const f = await fixtures();
    const admin = await loginAs(t, 'admin');
    const k = key(f.seq());
    const first = await send(
      t,
      'adminSeriesSave',
      { agent_id: f.agents.demo, name: '券后系列', description: '', sort: 1, reason: '新系列' },
      admin,
      k,
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await t.snapshot();
    const other = await send(
      t,
      'adminSeriesSave',
      { agent_id: f.agents.demo, name: '另一个系列', description: '', sort: 1, reason: '新系列' },
      admin,
      k,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: Code.REQUEST_ID_REUSED, message: expect.stringMatching(/请求编号已用于其他操作/) });
    const elsewhere = await send(t, 'adminAgentCreate', { mark: 'reusedkey', nickname: '代理', reason: '签约' }, admin, k);
    expect(elsewhere.json().code).toBe(Code.REQUEST_ID_REUSED);
    expect(await t.snapshot()).toEqual(before);

    // refused (the mark is taken): the key is free again for the corrected form
    const k2 = key(f.seq());
    const taken = await send(t, 'adminAgentCreate', { mark: 'demo', nickname: '重复', reason: '签约新代理' }, admin, k2);
    expect(taken.statusCode).toBe(400);
    const fixed = await send(t, 'adminAgentCreate', { mark: 'fixedmark', nickname: '新代理', reason: '签约新代理' }, admin, k2);
    expect(fixed.statusCode, fixed.body).toBe(200);

    // a key is the operator's own: another operator's same key is another write
    const agentOp = await loginAs(t, 'agent');
    const mine = await send(t, 'adminBulkJobCreate', { kind: 'suspend', custom_nums: ['1000000001'], reason: '风控' }, agentOp, k);
    expect(mine.statusCode, mine.body).toBe(200);
    // a malformed key is refused before anything is done
    const bad = await send(t, 'adminBulkJobCreate', { kind: 'suspend', custom_nums: ['1000000001'], reason: '风控' }, agentOp, 'x;drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/请求编号有误/);
  });

  it('without a key (a tool, not the console) each request is its own write', async () => {
    const f = await fixtures();
    const admin = await loginAs(t, 'admin');
    const body = { agent_id: f.agents.demo, name: '无编号系列', description: '', sort: 1, reason: '新系列' };
    const before = await auditRows(t);
    const [a, b] = await Promise.all([send(t, 'adminSeriesSave', body, admin), send(t, 'adminSeriesSave', body, admin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
    expect(await auditRows(t)).toBe(before + 2);
  });
});

/** Writes whose sample needs an app of its own (an outside system), proven in a block below. */
const SAMPLED_APART: Partial<Record<Writer, string>> = {
  adminDeviceTaskRetry: 'a failed task exists only on a router a GenieACS manages: the fake ACS, below',
};

const fakeAcs = await startFakeAcs({ now: () => clock.now().getTime() });
afterAll(() => fakeAcs.close());

describe.each(databases())('a failed router task retried twice at once on %s', (kind) => {
  const CPE = DEVICE_DEMO.cpe;
  const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...loadConfig({ NODE_ENV: 'test' }).acs, url: fakeAcs.baseUrl } });

  beforeAll(() => {
    // each database's app gets the demo's 5G CPE of its own in the one fake
    fakeAcs.addDevice(demoZteCpe(CPE.serial, clock.now().getTime() - 60_000));
  });

  it('adminDeviceTaskRetry: done once, the same answer to both, and again later', async () => {
    const token = await t.loginAccount();
    fakeAcs.faultNext(CPE.serial, 'cwmp.9007', 'Invalid parameter value');
    const change = await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: 'Refused' }, token);
    expect(change.json().data?.state, change.body).toBe('failed');
    const cookie = await loginAs(t, 'support');
    const body = { custom_num: CPE.customNum, id: change.json().data.id, reason: '用户已调整，再试一次' };
    const k = key(1);
    const before = await auditRows(t);
    const [a, b] = await Promise.all([send(t, 'adminDeviceTaskRetry', body, cookie, k), send(t, 'adminDeviceTaskRetry', body, cookie, k)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data).toMatchObject({ state: 'pending' });
    expect(b.json()).toEqual(a.json());
    expect(await auditRows(t)).toBe(before + 1);
    const later = await send(t, 'adminDeviceTaskRetry', body, cookie, k);
    expect(later.json()).toEqual(a.json());
    expect(await auditRows(t)).toBe(before + 1);
    // the router informs and carries the retried task out: the one fake is left with none waiting for the next database
    fakeAcs.inform(CPE.serial);
    expect(fakeAcs.tasks().filter((x) => x.device.endsWith(CPE.serial))).toEqual([]);
  });
});
