// 通过: a second operator lets a write past the platform's limits
// (docs/decisions/0048-limits-and-a-second-approver.md). In one transaction: the request turns from
// pending to approved (a conditional update only one decision can make), the write is carried out
// through its own code — every check but the limit again, as the approver — and its outcome is kept.
// A write that now fails (the balance spent meanwhile, the package gone) rolls everything back: the
// request stays pending, and the approver is told why (and may reject it).
import type { AdminBodyOf } from '@portal/contract/admin';
import {
  ADMIN_ENDPOINTS,
  AdminAdjustBody,
  CouponPackageInput,
  OPERATOR_ROLE_LABEL,
  PackageInput,
  PriceInput,
  VoucherIssueInput,
  WriteLimitsInput,
} from '@portal/contract/admin';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { AdminActor } from '../access/actor';
import { adjustIn } from '../balance/adjust';
import { saveCouponPackageIn, savePackageIn, savePriceIn } from '../catalogue/service';
import { issueIn } from '../catalogue/vouchers';
import { adjustCommissionIn, saveCommissionSettingsIn } from '../commissions/held';
import { createIn, resetIn, resetTotpIn, setRoleIn, type CreatePayload, type PasswordPayload } from '../operators/service';
import * as repo from '../approvals/repo';
import { isRefundKind } from '../refunds/held';
import { approveRefund } from './refund';
import {
  approvalsOut,
  claimDecision,
  decidable,
  recordApproved,
  saveLimitsIn,
  type ApprovalOut,
  type ApprovedBy,
} from '../approvals/service';

export async function approveApproval(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminApprovalApprove'>): Promise<ApprovalOut> {
  // a refund runs in its own transaction, the decision inside it (./refund.ts, docs/decisions/0059)
  const held = await repo.approvalById(ctx.db.kysely, b.id);
  if (held && isRefundKind(held.kind)) return approveRefund(ctx, op, { ...held, kind: held.kind }, b);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await decidable(trx, op, b.id);
    await claimDecision(trx, op, r, 'approved', b.reason);
    const by: ApprovedBy = { approvalId: r.id, requestedById: r.requested_by_id, requestedBy: r.requested_by };
    const outcome = await carryOut(ctx, trx, op, r, by);
    await recordApproved(trx, op, r, b.reason, outcome);
    return (await approvalsOut(trx, op, [(await repo.approvalById(trx, r.id))!]))[0]!;
  });
}

/** The held write, done now; what it did, in words. */
async function carryOut(ctx: AppContext, trx: Executor, op: AdminActor, r: repo.ApprovalRecord, by: ApprovedBy): Promise<string> {
  const payload: unknown = JSON.parse(r.payload);
  switch (r.kind) {
    case 'voucher_issue': {
      const a = await issueIn(trx, op, VoucherIssueInput.parse(payload), by);
      return 'batch' in a ? `已发放 ${a.batch.card_count} 张券（批次 ${a.batch.id}）` : '未发放';
    }
    case 'balance_adjust': {
      const a = await adjustIn(trx, op, AdminAdjustBody.parse(payload), by);
      if (!('applied' in a)) return '未调整';
      return a.applied ? `已调整，余额 ¥${fenToYuan(a.balance_fen).toFixed(2)}` : '该请求编号已调整过，未重复调整';
    }
    case 'price_save': {
      const a = await savePriceIn(trx, op, PriceInput.parse(payload), by);
      return 'id' in a ? `零售价已改为 ¥${fenToYuan(a.retail_fen).toFixed(2)}` : '未修改';
    }
    case 'package_save': {
      const a = await savePackageIn(trx, op, PackageInput.parse(payload), by);
      return 'id' in a ? `套餐「${a.name}」已保存（编号 ${a.id}）` : '未保存';
    }
    case 'coupon_package_save': {
      const a = await saveCouponPackageIn(trx, op, CouponPackageInput.parse(payload), by);
      return 'id' in a ? `券包「${a.name}」已保存（编号 ${a.id}）` : '未保存';
    }
    case 'limits_save': {
      await saveLimitsIn(trx, op, WriteLimitsInput.parse(payload), by);
      return '限额已修改';
    }
    case 'operator_create': {
      // the hash was made from a password the contract checked at the request
      const a = await createIn(trx, op, payload as CreatePayload, by);
      return `已新增${a.role_label} ${a.username}（编号 ${a.id}）`;
    }
    case 'operator_password': {
      const a = await resetIn(trx, op, payload as PasswordPayload, by);
      return `已重置 ${a.username} 的密码，其登录已全部退出`;
    }
    case 'operator_role': {
      const a = await setRoleIn(ctx, trx, op, ADMIN_ENDPOINTS.adminOperatorSetRole.body.parse(payload), by);
      return `${a.username} 已改为${OPERATOR_ROLE_LABEL[a.role]}`;
    }
    case 'commission_adjust': {
      const a = await adjustCommissionIn(trx, op, ADMIN_ENDPOINTS.adminCommissionAdjust.body.parse(payload), by);
      if (!('applied' in a)) return '未调整';
      return a.applied ? `已调整，佣金余额 ¥${fenToYuan(a.balance_fen).toFixed(2)}` : '该请求编号已调整过，未重复调整';
    }
    case 'operator_totp': {
      const a = await resetTotpIn(trx, op, ADMIN_ENDPOINTS.adminOperatorResetTotp.body.parse(payload), by);
      return `已重置 ${a.username} 的两步验证，其登录已全部退出`;
    }
    case 'order_refund':
    case 'order_partial_refund':
    case 'refund_request':
      // run in the refund's own transaction by approveRefund, never here
      throw new Error(`a refund (${r.kind}) reached the one-transaction carry-out`);
    case 'commission_settings': {
      const a = await saveCommissionSettingsIn(trx, op, ADMIN_ENDPOINTS.adminCommissionSettings.body.parse(payload), by);
      return `验证手机已修改，冻结期 ${a.holding_days} 天`;
    }
  }
}
