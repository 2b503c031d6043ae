// Console writes made once (docs/decisions/0041-console-writes-once.md): a sample body for every console
// write, built on the seeded demo data and adminWritesOnceFixtures.ts; the writes that need none and
// why; how a write is sent and its effect counted.
import { expect } from 'vitest';
import { ADMIN_ENDPOINTS } from '@portal/contract/admin';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { methodOf, pathOf } from '@portal/contract/route';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { type TestApp } from './harness';
import { givePasswordsToCardsWithout } from '../src/db/migrations/022_card_password_handouts';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { paidDeviceOrder } from './shopOrderHelpers';
import { multipart, PNG } from './uploadHelpers';
import { applicationThrough } from './agentApplicationHelpers';
import { enableTotp } from './refundHelpers';
import {
  type Writer,
  type Sample,
  paidOrder,
  openRequest,
  COLLEAGUE_PASSWORD,
  ACME_VERIFY_MOBILE,
  colleague,
  enrolledSecret,
  totpCode,
  importFile,
  smsSent,
  heldPrice,
  issuedBatch,
  withPersonalInfo,
  replacement,
  demoFirmwareId,
  queuedWifiTask,
  firmwareBody,
  firmwareId,
  carrierAccountBody,
  carrierAccountId,
  operatorId,
} from './adminWritesOnceFixtures';

/** Each write with a body it accepts; proven below against the running server. */
export const SAMPLES: Partial<Record<Writer, Sample>> = {
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
  adminApplicationDecide: {
    as: 'admin',
    body: async (t, f) => ({ id: (await applicationThrough(t, f.agents.demo)).id, decision: 'in_review', reason: '' }),
  },
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

/**
 * Console POSTs that need no sample here, besides those whose declaration says so (`writes: false`:
 * a read sent as a POST; `idempotent`: made once by itself, and where that is proven): the session's
 * own endpoints, which an Idempotency-Key cannot concern.
 */
export const EXCEPTIONS: Partial<Record<Writer, string>> = {
  adminLogin: 'open: no operator yet to key on; a second login is a second session (adminAuth.test.ts)',
  adminLogout: 'ending an ended session changes nothing (adminAuth.test.ts)',
};

/** Why a console POST is not sampled: its declaration (`writes: false`, `idempotent`) or EXCEPTIONS. */
export function onceByItself(name: Writer): string | undefined {
  const d = ADMIN_ENDPOINTS[name] as { writes?: false; idempotent?: string };
  return EXCEPTIONS[name] ?? (d.writes === false ? 'writes nothing' : d.idempotent);
}

export function writers(): Writer[] {
  return (Object.keys(ADMIN_ENDPOINTS) as Writer[]).filter((n) => methodOf(ADMIN_ENDPOINTS[n].route) === 'POST');
}

export function send(t: TestApp, name: Writer, body: unknown, cookie: string, idempotencyKey?: string) {
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

export async function auditRows(t: TestApp): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('audit_log')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
