// The role matrix (docs/decisions/0018): every operator-console endpoint in the registry × every role. An
// endpoint added to @portal/contract/admin without a row here fails the first test; each row is
// then proved against the running server — a role without the permission gets 403 whatever it
// sends, a role with it gets past the guard (the answer may still be a 400 for the empty input).
import { describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS, type AdminEndpointName, type ApprovalKind, type OperatorRole } from '@portal/contract/admin';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { methodOf, pathPatternOf } from '@portal/contract/route';
import { ADMIN_REGISTERED } from '../src/modules/admin';
import { DEMO_OPERATORS } from '../src/db/seedOperators';
import { adminPost, loginAs, type DemoOperator } from './adminHelpers';
import { enableTotp, paidBalanceOrder, openRefundRequest } from './refundHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const ALL: OperatorRole[] = ['platform_admin', 'agent_admin', 'support', 'finance'];

/** Who may call each endpoint: 'open' (no session) or the roles. */
const MATRIX: Record<AdminEndpointName, 'open' | OperatorRole[]> = {
  adminLogin: 'open',
  adminLogout: ALL,
  adminSession: ALL,
  adminChangePassword: ALL,
  adminTotpEnrol: ALL,
  adminTotpConfirm: ALL,
  adminTotpDisable: ALL,
  adminAuditList: ['platform_admin'],
  adminAuditExport: ['platform_admin'],
  adminDashboard: ALL,
  adminCardSearch: ['platform_admin', 'agent_admin', 'support'],
  adminCardExport: ['platform_admin', 'agent_admin', 'support'],
  adminCardStory: ALL,
  adminCardLookup: ['platform_admin', 'agent_admin', 'support'],
  adminCardSetState: ['platform_admin', 'agent_admin'],
  adminCardSetSeries: ['platform_admin', 'agent_admin'],
  adminCardRealNameRemind: ['platform_admin', 'agent_admin', 'support'],
  adminCardTicketOpen: ['platform_admin', 'support'],
  adminCardHolderView: ALL,
  adminCardImportTemplate: ['platform_admin', 'agent_admin'],
  adminCarrierAccountChoices: ['platform_admin', 'agent_admin'],
  adminCardImportDryRun: ['platform_admin', 'agent_admin'],
  adminCardImportCommit: ['platform_admin', 'agent_admin'],
  adminCardImportBatches: ['platform_admin', 'agent_admin'],
  adminCardImportUndo: ['platform_admin', 'agent_admin'],
  adminCardPasswordPending: ['platform_admin', 'agent_admin'],
  adminCardPasswordTake: ['platform_admin', 'agent_admin'],
  adminCardPasswordReset: ['platform_admin', 'agent_admin'],
  adminOrderMobileReveal: ALL,
  adminTicketContactReveal: ['platform_admin', 'support'],
  adminBulkJobCreate: ['platform_admin', 'agent_admin'],
  adminBulkJobList: ['platform_admin', 'agent_admin'],
  adminBulkJobDetail: ['platform_admin', 'agent_admin'],
  adminOrderList: ALL,
  adminOrderExport: ALL,
  adminOrderDetail: ALL,
  adminOrderRefund: ['platform_admin', 'finance'],
  adminOrderPartialRefund: ['platform_admin', 'finance'],
  adminRefundRequestList: ALL,
  adminRefundRequestApprove: ['platform_admin', 'finance'],
  adminRefundRequestReject: ['platform_admin', 'finance'],
  adminInvoiceRequestList: ALL,
  adminInvoiceRequestIssue: ['platform_admin', 'finance'],
  adminInvoiceRequestReject: ['platform_admin', 'finance'],
  adminLatePayments: ['platform_admin', 'finance'],
  adminCardLedger: ['platform_admin', 'finance'],
  adminBalanceAdjust: ['platform_admin', 'finance'],
  adminTicketList: ['platform_admin', 'support'],
  adminTicketDetail: ['platform_admin', 'support'],
  adminTicketReply: ['platform_admin', 'support'],
  adminChatThread: ['platform_admin', 'support'],
  adminChatRead: ['platform_admin', 'support'],
  adminChatReply: ['platform_admin', 'support'],
  adminApplicationList: ['platform_admin'],
  adminApplicationDecide: ['platform_admin'],
  adminReplacementList: ['platform_admin', 'agent_admin'],
  adminReplacementMove: ['platform_admin', 'agent_admin'],
  adminRealNameList: ['platform_admin', 'agent_admin', 'support'],
  adminRealNameReveal: ['platform_admin'],
  adminShopOrderList: ['platform_admin', 'agent_admin'],
  adminShopOrderShip: ['platform_admin', 'agent_admin'],
  adminAgentList: ['platform_admin', 'agent_admin'],
  adminAgentGet: ['platform_admin', 'agent_admin'],
  adminAgentCreate: ['platform_admin'],
  adminSubAgentCreate: ['platform_admin', 'agent_admin'],
  adminSubAgentTerms: ['platform_admin', 'agent_admin'],
  adminSubAgentTermsSave: ['platform_admin', 'agent_admin'],
  adminAgentBrandingSave: ['platform_admin', 'agent_admin'],
  adminAgentFeaturesSave: ['platform_admin', 'agent_admin'],
  adminAgentPaySave: ['platform_admin'],
  adminBrandingImageUpload: ['platform_admin', 'agent_admin'],
  brandingImage: 'open',
  adminSeriesList: ['platform_admin', 'agent_admin', 'finance'],
  adminSeriesSave: ['platform_admin'],
  adminPackageList: ['platform_admin', 'agent_admin', 'finance'],
  adminPackageSave: ['platform_admin'],
  adminPriceSave: ['platform_admin', 'agent_admin'],
  adminCouponPackageList: ['platform_admin', 'agent_admin', 'finance'],
  adminCouponPackageSave: ['platform_admin'],
  adminRechargeOfferList: ['platform_admin', 'agent_admin', 'finance'],
  adminRechargeOfferSave: ['platform_admin'],
  adminVoucherIssue: ['platform_admin', 'agent_admin'],
  adminVoucherBatches: ['platform_admin', 'agent_admin'],
  adminVoucherBatchRevoke: ['platform_admin', 'agent_admin'],
  adminOperatorList: ['platform_admin'],
  adminOperatorCreate: ['platform_admin'],
  adminOperatorResetPassword: ['platform_admin'],
  adminOperatorResetTotp: ['platform_admin'],
  adminOperatorUnlock: ['platform_admin'],
  adminOperatorSetDisabled: ['platform_admin'],
  adminOperatorSetRole: ['platform_admin'],
  adminExportSeries: ['platform_admin', 'agent_admin', 'finance'],
  adminExportPackages: ['platform_admin', 'agent_admin', 'finance'],
  adminExportPrices: ['platform_admin', 'agent_admin', 'finance'],
  adminExportCouponPackages: ['platform_admin', 'agent_admin', 'finance'],
  adminExportRechargeOffers: ['platform_admin', 'agent_admin', 'finance'],
  adminExportVoucherBatches: ['platform_admin', 'agent_admin'],
  adminExportAgents: ['platform_admin', 'agent_admin'],
  adminExportTickets: ['platform_admin', 'support'],
  adminExportApplications: ['platform_admin'],
  adminExportReplacements: ['platform_admin', 'agent_admin'],
  adminExportRealName: ['platform_admin', 'agent_admin', 'support'],
  adminExportShopOrders: ['platform_admin', 'agent_admin'],
  adminExportOperators: ['platform_admin'],
  adminExportLatePayments: ['platform_admin', 'finance'],
  adminExportLedger: ['platform_admin', 'finance'],
  adminExportBulkJobItems: ['platform_admin', 'agent_admin'],
  adminTicketImage: ['platform_admin', 'support'],
  adminChatImage: ['platform_admin', 'support'],
  adminCarrierAccountList: ['platform_admin'],
  adminCarrierKinds: ['platform_admin'],
  adminCarrierAccountCreate: ['platform_admin'],
  adminCarrierAccountUpdate: ['platform_admin'],
  adminCarrierAccountSetEnabled: ['platform_admin'],
  adminCarrierAccountTest: ['platform_admin'],
  adminCommissionAgents: ['platform_admin', 'agent_admin', 'finance'],
  adminCommissionLedger: ['platform_admin', 'agent_admin', 'finance'],
  adminCommissionStatement: ['platform_admin', 'agent_admin', 'finance'],
  adminCommissionStatementExport: ['platform_admin', 'agent_admin', 'finance'],
  adminCommissionWithdrawals: ['platform_admin', 'agent_admin', 'finance'],
  adminCommissionWithdrawalRequest: ['platform_admin', 'agent_admin'],
  adminCommissionWithdrawalApprove: ['platform_admin', 'finance'],
  adminCommissionWithdrawalReject: ['platform_admin', 'finance'],
  adminCommissionWithdrawalPaid: ['platform_admin', 'finance'],
  adminCommissionWithdrawalFailed: ['platform_admin', 'finance'],
  adminCommissionWithdrawalTransfer: ['platform_admin', 'finance'],
  adminCommissionWithdrawalCancel: ['platform_admin', 'finance'],
  adminCommissionAdjust: ['platform_admin', 'finance'],
  adminCommissionSettings: ['platform_admin'],
  adminCommissionAccountCode: ['platform_admin', 'agent_admin'],
  adminCommissionAccountSave: ['platform_admin', 'agent_admin'],
  adminPayeeWechatStart: ['platform_admin', 'agent_admin'],
  adminPayeeWechatStatus: ['platform_admin', 'agent_admin'],
  payeeWechatBound: 'open',
  adminDeviceTasks: ['platform_admin', 'agent_admin', 'support'],
  adminDeviceOverview: ['platform_admin', 'agent_admin', 'support'],
  adminDeviceTaskRetry: ['platform_admin', 'agent_admin', 'support'],
  adminDeviceTaskCancel: ['platform_admin', 'agent_admin', 'support'],
  adminFirmwareList: ['platform_admin', 'agent_admin', 'support'],
  adminFirmwareCreate: ['platform_admin'],
  adminFirmwareWithdraw: ['platform_admin'],
  adminDeviceFirmwarePush: ['platform_admin', 'agent_admin', 'support'],
  adminErrorGroups: ['platform_admin', 'support'],
  adminWriteLimits: ['platform_admin', 'agent_admin', 'finance'],
  adminWriteLimitsSave: ['platform_admin'],
  adminApprovalList: ['platform_admin', 'agent_admin', 'finance'],
  adminApprovalApprove: ['platform_admin', 'finance'],
  adminApprovalReject: ['platform_admin', 'finance'],
  adminApprovalWithdraw: ['platform_admin', 'agent_admin', 'finance'],
};

const names = Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[];

/**
 * Who may approve each write held whatever its size (docs/decisions/0056-no-one-moves-money-alone.md),
 * and each refund above the refund limit (docs/decisions/0059), filed by `admin`: the roles holding
 * approvals.decide and the write's own permission.
 */
const HELD_DECIDERS: Record<
  Extract<ApprovalKind, 'limits_save' | `operator_${string}` | `commission_${string}` | `${string}refund${string}`>,
  OperatorRole[]
> = {
  limits_save: ['platform_admin'],
  operator_create: ['platform_admin'],
  operator_password: ['platform_admin'],
  operator_role: ['platform_admin'],
  commission_adjust: ['platform_admin', 'finance'],
  commission_settings: ['platform_admin'],
  operator_totp: ['platform_admin'],
  order_refund: ['platform_admin', 'finance'],
  order_partial_refund: ['platform_admin', 'finance'],
  refund_request: ['platform_admin', 'finance'],
};

let seq = 0;
const operatorIdOf = async (t: TestApp, username: string) =>
  (await t.db.kysely.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** A held request of that kind, filed by admin: its id. */
async function heldRequest(t: TestApp, kind: keyof typeof HELD_DECIDERS, admin: string, admin2: string): Promise<number> {
  const n = ++seq;
  const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
  const colleague = async (role: OperatorRole) => {
    const username = `matrix${n}`;
    const body = { username, display_name: '矩阵同事', role, password: 'Matrix2026x', reason: '矩阵' };
    const res = await adminPost(t, '/api/admin/operators/create', body, admin);
    const held = res.json().data.pending_approval;
    if (held) await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '同意' }, admin2);
    return operatorIdOf(t, username);
  };
  const [u, b] = await (async (): Promise<[string, object]> => {
    switch (kind) {
      case 'limits_save':
        return ['/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, voucher_amount_fen: 20_000 + n, reason: '放宽' }];
      case 'operator_create':
        return [
          '/api/admin/operators/create',
          { username: `boss${n}`, display_name: '新管理员', role: 'platform_admin', password: 'Boss2026xx', reason: '新增' },
        ];
      case 'operator_password':
        return ['/api/admin/operators/password', { id: await colleague('platform_admin'), password: 'Reset2026zz', reason: '重置' }];
      case 'operator_totp': {
        const id = await colleague('platform_admin');
        await enableTotp(t, await loginAs(t, `matrix${n}` as DemoOperator, 'Matrix2026x'));
        return ['/api/admin/operators/totp', { id, reason: '手机丢失' }];
      }
      // ¥2,000 from the balance: above the default refund limit of ¥1,000
      case 'order_refund':
        return ['/api/admin/orders/refund', { order_no: await paidBalanceOrder(t, '1000000001', 200_000), reason: '客户投诉' }];
      case 'order_partial_refund':
        return [
          '/api/admin/orders/partial-refund',
          {
            order_no: await paidBalanceOrder(t, '1000000001', 200_000),
            amount_fen: 150_000,
            reason: '补偿',
            request_id: `matrix-${n}-part`,
          },
        ];
      case 'refund_request':
        return [
          '/api/admin/refund-requests/approve',
          { id: await openRefundRequest(t, await paidBalanceOrder(t, '1000000001', 200_000)), reason: '同意退款' },
        ];
      case 'operator_role':
        return ['/api/admin/operators/role', { id: await colleague('support'), role: 'finance', agent_id: null, reason: '转岗' }];
      case 'commission_adjust':
        return [
          '/api/admin/commissions/adjust',
          { agent_id: demo, amount_fen: 4_000_000, reason: '奖励', request_id: `matrix-${Date.now()}-${n}` },
        ];
      case 'commission_settings':
        return [
          '/api/admin/commissions/settings',
          { agent_id: demo, holding_days: 7, verify_mobile: `1360000${String(n).padStart(4, '0')}`, reason: '换号' },
        ];
    }
  })();
  const res = await adminPost(t, u, b, admin);
  const id = res.json().data?.pending_approval?.id;
  if (!id) throw new Error(`${kind} was not held: ${res.body}`);
  return id;
}

describe.each(databases())('admin role matrix on %s', (kind) => {
  const t = useTestApp(kind);

  it('has a row for every admin endpoint, and the server registers each with that rule', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...names].sort());
    for (const name of names) {
      const registered = ADMIN_REGISTERED.get(name);
      expect(registered, `${name} is not served`).toBeDefined();
      expect(registered === 'open', `${name} open?`).toBe(MATRIX[name] === 'open');
    }
  });

  const cases = names.flatMap((name) =>
    DEMO_OPERATORS.map(
      (o) => [name, o.username, o.role, MATRIX[name] === 'open' || (MATRIX[name] as OperatorRole[]).includes(o.role)] as const,
    ),
  );

  // One session per operator for the whole matrix: a login is a scrypt hash (tens of ms of CPU),
  // and what each row proves is the guard's answer to that role's session, not the login. Logging
  // out ends the session it is called with, so that row gets a session of its own.
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (name: AdminEndpointName, username: DemoOperator) => {
    if (name === 'adminLogout') return loginAs(t, username);
    let cookie = sessions.get(username);
    if (!cookie) sessions.set(username, (cookie = loginAs(t, username)));
    return cookie;
  };

  it.each(cases)('%s as %s (%s): allowed %s', async (name, username, _role, allowed) => {
    const route = ADMIN_ENDPOINTS[name].route;
    const cookie = await sessionOf(name, username);
    const method = methodOf(route);
    const res = await t.inject({
      method,
      url: `/api${pathPatternOf(route)}`,
      headers: { cookie },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    if (allowed) {
      expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('当前账号无权进行此操作');
    }
  });

  it.each(names.filter((n) => MATRIX[n] !== 'open'))('%s without a session: 401', async (name) => {
    const route = ADMIN_ENDPOINTS[name].route;
    const method = methodOf(route);
    const res = await t.inject({ method, url: `/api${pathPatternOf(route)}`, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode, res.body).toBe(401);
  });

  // last: approving these changes operators and limits
  it.each(Object.keys(HELD_DECIDERS) as (keyof typeof HELD_DECIDERS)[])(
    'a held %s filed by admin: approved only by the roles with its permission, never by admin',
    async (kind) => {
      const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
      for (const o of DEMO_OPERATORS) {
        const id = await heldRequest(t, kind, admin, admin2);
        const res = await adminPost(t, '/api/admin/approvals/approve', { id, reason: '矩阵审批' }, await loginAs(t, o.username));
        const allowed = o.username !== 'admin' && HELD_DECIDERS[kind].includes(o.role);
        expect(res.statusCode, `${kind} approved by ${o.username}: ${res.body}`).toBe(allowed ? 200 : 403);
      }
    },
    60_000,
  );
});
