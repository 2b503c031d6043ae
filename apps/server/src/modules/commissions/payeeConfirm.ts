// The payee's side of a WeChat transfer that waits for them (docs/decisions/0039-payee-confirms-transfer.md):
// the portal's /payee_confirm page reads a withdrawal by its link's unguessable token — never by
// its sequential id — and hands WeChat's requestMerchantTransfer the bill's package; then it asks
// the server to look at the bill again, which settles a final answer through the same path as the
// payouts job (askGateway: under the agent's row, conditional on the state, once). Finance's
// 撤销转账 is here too. Open without login: the token is the credential, so every request counts
// against its client address, and the page shows the payee only masked.
import { Code } from '@portal/contract/codes';
import { maskPersonName } from '@portal/domain';
import type { PayeeConfirmAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import { PayoutGatewayError, type PayoutGateway } from '../../integrations/payout/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, type ThrottleRule } from '../../lib/throttle';
import * as repo from './repo';
import type { Recorder } from './changes';
import { askGateway } from './gatewayPayouts';
import { inFlight, payoutNoOf, withdrawalView, type WithdrawalRow } from './withdrawalView';

/** Reads of confirmation pages from one client address: plenty for a payee (and a page that looks again), little for a guesser. */
export const PAYEE_PAGE_READS: ThrottleRule = { limit: 60, windowMs: 10 * 60_000 };
/** How often one link may make the server ask the gateway (确认收款 returns, and the page looks again). */
export const PAYEE_CHECKS: ThrottleRule = { limit: 10, windowMs: 60_000 };

const LINK_DEAD = '收款链接无效，请向财务索取新的收款链接';
const LINK_EXPIRED = '收款链接已过期：本次转账未在 24 小时内确认，款项将退回代理佣金余额，可重新申请提现后由财务再次打款';
const LINK_SPENT = '收款链接已失效：该笔款项已到账';

async function countRead(ctx: AppContext, ip: string): Promise<void> {
  const t = await hit(ctx.db.kysely, `payee_confirm:${ip}`, PAYEE_PAGE_READS);
  if (!t.allowed) throw new AppError(Code.RATE_LIMITED, '访问过于频繁，请稍后再试');
}

/** The withdrawal a live link names; a link never made, or past its bill's deadline, is not found. */
async function byToken(ctx: AppContext, token: string) {
  // a malformed token is not looked up (it was never made)
  const w = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await repo.withdrawalByConfirmToken(ctx.db.kysely, token) : undefined;
  if (!w || !w.confirm_expires_at) throw new AppError(Code.NOT_FOUND, LINK_DEAD);
  // a paid transfer keeps its page ("已到账") until the deadline; after it, the link is gone either way
  if (clock.now().getTime() >= Date.parse(w.confirm_expires_at))
    throw new AppError(Code.NOT_FOUND, w.state === 'paid' ? LINK_SPENT : LINK_EXPIRED);
  return w;
}

type Row = WithdrawalRow & { agent_name: string };

/** The page's view: only what the payee needs, the name masked, the package only while it can be used. */
function viewOf(w: Row, gateway: PayoutGateway | null): PayeeConfirmAnswer {
  // waiting without the package (its first answer was lost): the page's check asks for it again
  const waiting = inFlight(w) && w.bill_state === 'WAIT_USER_CONFIRM';
  const state: PayeeConfirmAnswer['state'] =
    w.state === 'paid' ? 'paid' : w.state === 'failed' ? 'closed' : waiting ? 'waiting' : inFlight(w) ? 'transferring' : 'closed';
  return {
    payout_no: payoutNoOf(w.id),
    amount: w.amount_fen / 100,
    agent_name: w.agent_name,
    payee: maskPersonName(w.payee),
    state,
    expires_at: w.confirm_expires_at!,
    closed_reason: state === 'closed' ? w.failure_reason || '本次转账已关闭' : '',
    // what requestMerchantTransfer is called with: only while the payee can still confirm
    transfer:
      state === 'waiting' && w.package_info && gateway?.merchant
        ? { mch_id: gateway.merchant.mchId, app_id: gateway.merchant.appId, package_info: w.package_info }
        : null,
  };
}

/** GET: the page's view of a link. Writes nothing but the address's request count. */
export async function payeeConfirmation(ctx: AppContext, token: string, ip: string): Promise<PayeeConfirmAnswer> {
  await countRead(ctx, ip);
  return viewOf(await byToken(ctx, token), ctx.payouts ?? null);
}

/**
 * POST: the payee came back from WeChat's confirmation (or the page looks again): the server asks
 * the gateway how the bill stands and settles a final answer once — the same as the payouts job
 * does, and it stays the safety net. The browser's word that the payee confirmed is never taken
 * as payment (requestMerchantTransfer:ok only says WeChat's page was shown).
 */
export async function checkPayeeConfirmation(ctx: AppContext, token: string, ip: string, record: Recorder): Promise<PayeeConfirmAnswer> {
  await countRead(ctx, ip);
  const w = await byToken(ctx, token);
  const gateway = ctx.payouts ?? null;
  if (gateway && inFlight(w)) {
    const t = await hit(ctx.db.kysely, `payee_check:${w.id}`, PAYEE_CHECKS);
    if (!t.allowed) throw new AppError(Code.RATE_LIMITED, '查询过于频繁，请稍后再试');
    try {
      await askGateway(ctx, gateway, w, null, record, false);
    } catch (err) {
      // the gateway could not say: the page shows what is known, the job asks again later
      ctx.log.warn({ withdrawal: w.id, error: err instanceof Error ? err.message : String(err) }, 'payee check: gateway did not answer');
    }
  }
  return viewOf((await repo.withdrawalByConfirmToken(ctx.db.kysely, token))!, gateway);
}

/**
 * Finance withdraws a transfer its payee has not confirmed (撤销转账): the gateway accepts it
 * (CANCELING) or has done it (CANCELLED); the withdrawal is failed, and its amount returned, only
 * when the bill itself says CANCELLED — at once when it already does, else by the next look (the
 * job, or the payee's page). Audited whatever the gateway answered.
 */
export async function cancelGatewayTransfer(
  ctx: AppContext,
  gateway: PayoutGateway,
  input: { id: number; operatorId: number },
  record: Recorder,
) {
  const w = await repo.withdrawalById(ctx.db.kysely, input.id);
  if (!w) throw new AppError(Code.NOT_FOUND, '记录不存在');
  if (!inFlight(w)) throw new AppError(Code.BAD_REQUEST, '该提现不在打款接口处理中，无需撤销');
  if (!gateway.cancel) throw new AppError(Code.BAD_REQUEST, '当前打款接口不支持撤销转账');
  let accepted;
  try {
    accepted = await gateway.cancel(payoutNoOf(w.id));
  } catch (err) {
    const e = err instanceof PayoutGatewayError ? err : null;
    ctx.log.warn({ withdrawal: w.id, error: err instanceof Error ? err.message : String(err) }, 'payout cancel failed');
    throw new AppError(
      e?.shown ? Code.BAD_REQUEST : Code.PAYMENT_GATEWAY_ERROR,
      e?.shown ? `撤销转账被拒绝：${e.shown}` : '打款接口暂不可用，撤销未提交，请稍后重试',
    );
  }
  await ctx.db.kysely.transaction().execute((trx) =>
    record(trx, {
      action: 'commission.withdrawal_cancel_requested',
      target: { type: 'commission_withdrawal', id: w.id },
      before: withdrawalView(w),
      after: { gateway_answer: accepted.state },
    }),
  );
  // the bill's own state settles it: failed with the amount returned once CANCELLED
  const r = await askGateway(ctx, gateway, w, input.operatorId, record, false).catch(() => null);
  return { withdrawal: r?.withdrawal ?? (await repo.withdrawalById(ctx.db.kysely, w.id))!, canceling: accepted.state === 'canceling' };
}
