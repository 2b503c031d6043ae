// Withdrawals paid through the payout gateway, and the payouts job that settles them
// (docs/decisions/0036-wechat-payout.md).
import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { PAYOUT_METHODS, type PayoutMethod } from '@portal/domain/commission';
import type { AppContext } from '../../context';
import { PayoutGatewayError, type PayoutGateway } from '../../integrations/payout/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { bad, notFound, type Recorder } from './changes';
import * as repo from './repo';
import { decideWithdrawal, STATE_LABEL, type Decision } from './withdrawals';
import { payoutNoOf, type WithdrawalRow } from './withdrawalView';

/** The request id every settlement by the gateway's outcome carries: the same whoever records it (a click, the job). */
const gatewayRequestId = (withdrawalId: number) => `gateway:${payoutNoOf(withdrawalId)}`;

export type GatewayResult = { applied: boolean; withdrawal: WithdrawalRow; processing: boolean; note?: string };

/**
 * Pays an approved withdrawal through the payout gateway under its own payout number (the
 * gateway's idempotency key): a second click, or a retry after a timeout, asks the same transfer
 * and gets the same answer, and the conditional move records it once. The withdrawal is marked in
 * flight before the gateway is asked, so a timeout that hides a created transfer can never be
 * followed by a payment by hand; the payouts job (settleInFlightPayouts, run as the admin module's
 * commission-payouts job) asks again until it is final.
 */
export async function payThroughGateway(
  ctx: AppContext,
  gateway: PayoutGateway,
  input: { id: number; requestId: string; operatorId: number },
  record: Recorder,
): Promise<GatewayResult> {
  const w = await repo.withdrawalById(ctx.db.kysely, input.id);
  if (!w) throw notFound();
  if (w.state === 'paid' || w.state === 'failed') return { applied: false, withdrawal: w, processing: false };
  if (w.state !== 'approved') throw bad(`该提现${STATE_LABEL[w.state] ?? w.state}，审核通过后才能打款`);
  if (!gateway.methods.includes(w.payout_method))
    throw bad(`打款接口不支持${PAYOUT_METHODS[w.payout_method as PayoutMethod] ?? '该收款方式'}，请手工打款后登记`);
  if (!(await repo.markInFlight(ctx.db.kysely, w.id, clock.iso()))) {
    const now = (await repo.withdrawalById(ctx.db.kysely, w.id))!;
    if (now.state === 'paid' || now.state === 'failed') return { applied: false, withdrawal: now, processing: false };
    throw bad('该提现刚被他人处理，请刷新后查看');
  }
  return askGateway(ctx, gateway, w, input.operatorId, record, true);
}

/**
 * Asks the gateway how the transfer of an in-flight withdrawal stands (creating it if the gateway
 * has none yet) and settles a final answer exactly once: paid with the gateway's reference, or
 * failed with the amount returned through the ledger. Whoever gets there first — a click, the job
 * in one process or another — moves the withdrawal; the others find it moved and answer so.
 */
export async function askGateway(
  ctx: AppContext,
  gateway: PayoutGateway,
  w: WithdrawalRow,
  operatorId: number | null,
  record: Recorder,
  fromConsole: boolean,
): Promise<GatewayResult> {
  let outcome;
  try {
    outcome = await gateway.transfer({
      payoutNo: payoutNoOf(w.id),
      amountFen: w.amount_fen,
      method: w.payout_method,
      payee: w.payee,
      account: w.payout_account,
      // the payee's page needs the package, which only 发起转账's answer carries
      wantPackage: !w.package_info,
    });
  } catch (err) {
    const e = err instanceof PayoutGatewayError ? err : null;
    ctx.log.warn(
      { withdrawal: w.id, gateway: gateway.name, error: err instanceof Error ? err.message : String(err) },
      'payout gateway failed',
    );
    if (e?.nothingCreated) {
      // refused as asked, no transfer exists: payable again, by the gateway or by hand
      await repo.clearInFlight(ctx.db.kysely, w.id, clock.iso());
      if (fromConsole) throw new AppError(Code.BAD_REQUEST, `打款接口拒绝：${e.shown ?? '请求有误'}`);
      return { applied: false, withdrawal: (await repo.withdrawalById(ctx.db.kysely, w.id))!, processing: false };
    }
    // nothing is known: the withdrawal stays in flight and the payouts job asks again
    if (fromConsole)
      throw new AppError(
        Code.PAYMENT_GATEWAY_ERROR,
        `${e?.shown ? `打款接口：${e.shown}；` : '打款接口暂不可用，'}已记为打款处理中，系统稍后会自动查询结果`,
      );
    throw err;
  }
  if (outcome.state === 'processing') {
    const wait = outcome.payeeWait;
    await repo.noteInFlight(
      ctx.db.kysely,
      w.id,
      {
        reference: outcome.reference,
        billState: outcome.billState ?? '',
        ...(wait?.packageInfo ? { packageInfo: wait.packageInfo } : {}),
        // the link's token: unguessable (the withdrawal's id is sequential); the first one stays
        ...(wait ? { token: randomBytes(24).toString('base64url'), expiresAt: wait.expiresAt } : {}),
      },
      clock.iso(),
    );
    return {
      applied: false,
      withdrawal: (await repo.withdrawalById(ctx.db.kysely, w.id))!,
      processing: true,
      ...(outcome.note ? { note: outcome.note } : {}),
    };
  }
  const decision: Decision =
    outcome.state === 'paid'
      ? { action: 'paid', reference: outcome.reference, channel: 'gateway' }
      : { action: 'failed', reason: outcome.reason };
  try {
    const r = await decideWithdrawal(
      ctx,
      { id: w.id, agentScope: null, requestId: gatewayRequestId(w.id), operatorId, decision, byGateway: true },
      record,
    );
    return { ...r, processing: false };
  } catch (err) {
    // the other click recorded the same outcome first
    const now = await repo.withdrawalById(ctx.db.kysely, w.id);
    if (now && (now.state === 'paid' || now.state === 'failed')) return { applied: false, withdrawal: now, processing: false };
    throw err;
  }
}

/** How many transfers one run of the payouts job asks about (the rest wait for the next run). */
export const PAYOUTS_PER_RUN = 200;

/**
 * The payouts job's run: asks the gateway about every withdrawal in flight and settles the final
 * ones (docs/decisions/0036-wechat-payout.md). One transfer's trouble does not stop the others.
 */
export async function settleInFlightPayouts(
  ctx: AppContext,
  gateway: PayoutGateway,
  record: Recorder,
): Promise<{ asked: number; paid: number; failed: number; processing: number; refused: number; errors: number }> {
  // refused: the gateway refused to create the transfer; the withdrawal is back with finance
  const out = { asked: 0, paid: 0, failed: 0, processing: 0, refused: 0, errors: 0 };
  for (const w of await repo.inFlightWithdrawals(ctx.db.kysely, PAYOUTS_PER_RUN)) {
    out.asked += 1;
    try {
      const r = await askGateway(ctx, gateway, w, null, record, false);
      if (r.processing) out.processing += 1;
      else if (r.withdrawal.state === 'approved') out.refused += 1;
      else if (r.applied && r.withdrawal.state === 'paid') out.paid += 1;
      else if (r.applied && r.withdrawal.state === 'failed') out.failed += 1;
    } catch {
      out.errors += 1;
    }
  }
  return out;
}
