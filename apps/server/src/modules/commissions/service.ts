// Agents' commission: withdrawals, finance's decisions and payouts, adjustments, the holding
// period and the account on file, statements (docs/decisions/0035-agent-commissions.md).
// Every change is one transaction that starts by taking the agent's account row (repo.lockAccount),
// writes its ledger row with the balance, and hands the caller's audit recorder the before/after —
// so the change and its audit row land together or not at all.
import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { AuditAction } from '@portal/contract/admin';
import {
  balanceOf,
  chinaMonthRange,
  maskAccount,
  nextWithdrawalState,
  PAYOUT_METHODS,
  payoutAccountProblem,
  type PayoutMethod,
  returnsAmount,
  statementTotals,
  withdrawalProblem,
  type WithdrawalState,
  type CatalogueCost,
} from '@portal/domain/commission';
import { levelCosts } from '@portal/domain/commissionLevels';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { PayoutGatewayError, type PayoutGateway } from '../../integrations/payout/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { consumeSmsCode, sendSmsCode } from '../auth';
import * as repo from './repo';

/** What a change tells its audit row; the admin routes write it with the operator. */
export interface ChangeRecord {
  action: AuditAction;
  target: { type: string; id: string | number };
  reason?: string;
  before?: unknown;
  after?: unknown;
}
export type Recorder = (trx: Executor, r: ChangeRecord) => Promise<void>;

const yuan = (fen: number) => (fen / 100).toFixed(2);
const bad = (message: string) => new AppError(Code.BAD_REQUEST, message);
const notFound = () => new AppError(Code.NOT_FOUND, '记录不存在');

export const payoutNoOf = (withdrawalId: number) => `CW${String(withdrawalId).padStart(10, '0')}`;

export type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof repo.withdrawalById>>>;

/** The withdrawal as lists and audit rows show it: the account masked. */
export function withdrawalView(w: WithdrawalRow) {
  return {
    id: w.id,
    payout_no: payoutNoOf(w.id),
    agent_id: w.agent_id,
    amount_fen: w.amount_fen,
    state: w.state as WithdrawalState,
    payout_method: w.payout_method,
    payee: w.payee,
    payout_account: maskAccount(w.payout_account),
    requested_at: w.requested_at,
    decided_at: w.decided_at,
    reject_reason: w.reject_reason,
    payout_channel: w.payout_channel,
    payout_reference: w.payout_reference,
    paid_at: w.paid_at,
    failure_reason: w.failure_reason,
    // the gateway's word for a transfer in flight, and while its payee must confirm, the link
    bill_state: inFlight(w) ? w.bill_state : '',
    payee_confirm: payeeLinkOf(w),
  };
}

/** The payee's confirmation page of a withdrawal, relative to the portal's origin. */
export const payeeConfirmPath = (token: string) => `/payee_confirm?t=${encodeURIComponent(token)}`;

/** The link finance shows the payee while the transfer waits for them; null otherwise. */
function payeeLinkOf(w: WithdrawalRow): { path: string; expires_at: string } | null {
  if (!inFlight(w) || w.bill_state !== 'WAIT_USER_CONFIRM' || !w.confirm_token || !w.confirm_expires_at) return null;
  return { path: payeeConfirmPath(w.confirm_token), expires_at: w.confirm_expires_at };
}

/** An agent's figures now: balance = Σ ledger, what is held, what may be withdrawn. */
export async function figuresOf(db: Executor, agentId: number) {
  const now = clock.iso();
  const [s, account] = await Promise.all([repo.sums(db, agentId, now), repo.accountOf(db, agentId)]);
  const b = balanceOf(
    [
      { amount_fen: s.total - s.pending, available_at: '' },
      { amount_fen: s.pending, available_at: '\uffff' },
    ],
    now,
  );
  return {
    agent_id: agentId,
    balance_fen: account?.balance_fen ?? 0,
    ledger_sum_fen: s.total,
    pending_fen: b.pending_fen,
    withdrawable_fen: b.withdrawable_fen,
    holding_days: account?.holding_days ?? 7,
    payout_method: account?.payout_method ?? 0,
    payee: account?.payee ?? '',
    payout_account: maskAccount(account?.payout_account ?? ''),
    verify_mobile_set: !!account?.verify_mobile,
  };
}

async function agentMustExist(db: Executor, agentId: number) {
  if (!(await repo.agentExists(db, agentId))) throw new AppError(Code.NOT_FOUND, '代理不存在');
}

// ---------- withdrawals ----------

/**
 * An agent asks for money up to what is withdrawable, to the account on file. The same request id
 * again answers the first request (a double submit asks once); two requests at once queue on the
 * agent's row, and the second sees what the first took.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  input: { agentId: number; amountFen: number; requestId: string; operatorId: number },
  record: Recorder,
): Promise<{ applied: boolean; withdrawal: WithdrawalRow }> {
  await agentMustExist(ctx.db.kysely, input.agentId);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, input.agentId, now);
    const earlier = await repo.withdrawalByRequest(trx, input.requestId);
    if (earlier) {
      if (earlier.agent_id !== input.agentId || earlier.amount_fen !== input.amountFen)
        throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于另一笔提现，请刷新后重试');
      return { applied: false, withdrawal: earlier };
    }
    const account = (await repo.accountOf(trx, input.agentId))!;
    if (account.payout_method === 0 || !account.payout_account) throw bad('请先设置收款账户');
    const s = await repo.sums(trx, input.agentId, now);
    const problem = withdrawalProblem(input.amountFen, Math.max(0, s.total - Math.max(0, s.pending)));
    if (problem) throw bad(problem);
    const id = await repo.insertWithdrawal(trx, {
      agent_id: input.agentId,
      request_id: input.requestId,
      amount_fen: input.amountFen,
      payout_method: account.payout_method,
      payee: account.payee,
      payout_account: account.payout_account,
      requested_by: input.operatorId,
      requested_at: now,
    });
    await repo.append(trx, {
      agent_id: input.agentId,
      kind: 'withdrawal',
      ref: String(id),
      amount_fen: -input.amountFen,
      note: `提现申请 ${payoutNoOf(id)}`,
      operator_id: input.operatorId,
      available_at: now,
      created_at: now,
    });
    const w = (await repo.withdrawalById(trx, id))!;
    await record(trx, {
      action: 'commission.withdrawal_requested',
      target: { type: 'commission_withdrawal', id },
      after: withdrawalView(w),
    });
    return { applied: true, withdrawal: w };
  });
}

type Decision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'paid'; reference: string; channel: 'manual' | 'gateway' }
  | { action: 'failed'; reason: string };

const STATE_LABEL: Record<string, string> = {
  requested: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
  failed: '打款失败',
};

/**
 * Moves a withdrawal by finance's decision. The move is conditional on the state it was read in,
 * so of two clicks exactly one moves it; the other, with the same request id, answers the result
 * (applied: false). A rejection or a failed payout returns the amount in the same transaction.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  input: {
    id: number;
    agentScope: readonly number[] | null;
    requestId: string;
    /** null: the payouts job, recording the gateway's outcome */
    operatorId: number | null;
    decision: Decision;
    /** the gateway's own outcome (payThroughGateway, the payouts job), not finance's hand */
    byGateway?: boolean;
    /**
     * Asked before an approval moves it, inside the transaction: throws when this operator may not
     * approve it (the requester, whoever changed the payout account lately: docs/decisions/0056).
     */
    mayApprove?: (trx: Executor, w: WithdrawalRow) => Promise<void>;
  },
  record: Recorder,
): Promise<{ applied: boolean; withdrawal: WithdrawalRow }> {
  const first = await repo.withdrawalById(ctx.db.kysely, input.id);
  if (!first || (input.agentScope !== null && !input.agentScope.includes(first.agent_id))) throw notFound();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, first.agent_id, now);
    const w = (await repo.withdrawalById(trx, input.id))!;
    const d = input.decision;
    // in flight at the gateway: only its outcome settles it (a payment by hand could pay twice, a
    // failure by hand would return money that is on its way)
    if (inFlight(w) && !input.byGateway && (d.action === 'paid' || d.action === 'failed'))
      throw bad('该提现已提交打款接口，结果未明，请等待系统查询结果（或在微信支付商户平台撤销转账）');
    const next = nextWithdrawalState(w.state as WithdrawalState, d.action);
    if (!next) {
      if (w.decision_request_id === input.requestId) return { applied: false, withdrawal: w };
      throw bad(
        `该提现${STATE_LABEL[w.state] ?? w.state}，不能${{ approve: '审核通过', reject: '驳回', paid: '登记打款', failed: '登记打款失败' }[d.action]}`,
      );
    }
    if (d.action === 'approve') await input.mayApprove?.(trx, w);
    const moved = await repo.moveWithdrawal(trx, w.id, w.state, {
      state: next,
      decision_request_id: input.requestId,
      updated_at: now,
      ...(d.action === 'approve' || d.action === 'reject' ? { decided_by: input.operatorId, decided_at: now } : {}),
      ...(d.action === 'reject' ? { reject_reason: d.reason } : {}),
      ...(d.action === 'paid' ? { payout_channel: d.channel, payout_reference: d.reference, paid_by: input.operatorId, paid_at: now } : {}),
      ...(d.action === 'failed' ? { failure_reason: d.reason, paid_by: input.operatorId } : {}),
      // settled: nothing is left for the payee to confirm
      ...(d.action === 'paid' || d.action === 'failed' ? { package_info: '' } : {}),
    });
    if (!moved) throw bad('该提现刚被他人处理，请刷新后查看');
    if (returnsAmount(next)) {
      await repo.append(trx, {
        agent_id: w.agent_id,
        kind: 'withdrawal_return',
        ref: String(w.id),
        amount_fen: w.amount_fen,
        note: `${next === 'rejected' ? '提现驳回' : '打款失败'}退回 ${payoutNoOf(w.id)}`,
        operator_id: input.operatorId,
        available_at: now,
        created_at: now,
      });
    }
    const after = (await repo.withdrawalById(trx, w.id))!;
    await record(trx, {
      action: `commission.withdrawal_${next}`,
      target: { type: 'commission_withdrawal', id: w.id },
      reason: d.action === 'reject' || d.action === 'failed' ? d.reason : '',
      before: withdrawalView(w),
      after: withdrawalView(after),
    });
    return { applied: true, withdrawal: after };
  });
}

/** Whether a withdrawal is in flight at the payout gateway: approved, handed over, outcome not final. */
export const inFlight = (w: Pick<WithdrawalRow, 'state' | 'payout_channel'>) => w.state === 'approved' && w.payout_channel === 'gateway';

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

// ---------- adjustments ----------

/**
 * Finance moves an agent's balance with a reason; the request id makes a repeated submit adjust once.
 * `hold`, asked after the agent's row is taken and the request id found new: the admin's limit
 * (docs/decisions/0056) — a non-null answer is given instead of adjusting.
 */
export async function adjust<H>(
  ctx: AppContext,
  input: AdjustInput,
  record: Recorder,
  hold: (trx: Executor) => Promise<H | null> = async () => null,
): Promise<{ applied: boolean; balance_fen: number } | H> {
  await agentMustExist(ctx.db.kysely, input.agentId);
  return ctx.db.kysely.transaction().execute((trx) => adjustIn(trx, input, record, hold));
}

export interface AdjustInput {
  agentId: number;
  amountFen: number;
  reason: string;
  requestId: string;
  operatorId: number;
  /** recorded on the audit row once a second operator approved it */
  approvedNote?: Record<string, unknown>;
}

export async function adjustIn<H>(
  trx: Executor,
  input: AdjustInput,
  record: Recorder,
  hold: (trx: Executor) => Promise<H | null> = async () => null,
): Promise<{ applied: boolean; balance_fen: number } | H> {
  await agentMustExist(trx, input.agentId);
  const now = clock.iso();
  await repo.lockAccount(trx, input.agentId, now);
  const earlier = await repo.entryOf(trx, 'adjustment', input.requestId);
  if (earlier) {
    if (earlier.agent_id !== input.agentId || earlier.amount_fen !== input.amountFen)
      throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于另一笔调整，请刷新后重试');
    return { applied: false, balance_fen: (await repo.accountOf(trx, input.agentId))!.balance_fen };
  }
  const held = await hold(trx);
  if (held !== null) return held;
  const before = (await repo.accountOf(trx, input.agentId))!.balance_fen;
  await repo.append(trx, {
    agent_id: input.agentId,
    kind: 'adjustment',
    ref: input.requestId,
    amount_fen: input.amountFen,
    note: `财务调整：${input.reason}`,
    operator_id: input.operatorId,
    available_at: now,
    created_at: now,
  });
  const after = (await repo.accountOf(trx, input.agentId))!.balance_fen;
  await record(trx, {
    action: 'commission.adjusted',
    target: { type: 'agent', id: input.agentId },
    reason: input.reason,
    before: { balance_fen: before },
    after: { balance_fen: after, amount_fen: input.amountFen, ...input.approvedNote },
  });
  return { applied: true, balance_fen: after };
}

// ---------- settings and the account on file ----------

export interface SettingsInput {
  agentId: number;
  holdingDays: number;
  verifyMobile: string;
  reason: string;
  operatorId: number;
  /** the operator who asked, when a second one approved it (both changed the mobile) */
  requestedById?: number;
  approvedNote?: Record<string, unknown>;
}

/**
 * The platform sets an agent's holding period and the mobile that confirms account changes. A new
 * mobile is asked of `hold` (docs/decisions/0056): whoever sets it receives the codes that change the
 * payout account, so it waits for a second platform administrator; a non-null answer is given instead.
 */
export async function saveSettings<H>(
  ctx: AppContext,
  input: SettingsInput,
  record: Recorder,
  hold: (trx: Executor, change: { before: string; after: string }) => Promise<H | null> = async () => null,
) {
  await agentMustExist(ctx.db.kysely, input.agentId);
  const held = await ctx.db.kysely.transaction().execute((trx) => saveSettingsIn(trx, input, record, hold));
  return held ?? figuresOf(ctx.db.kysely, input.agentId);
}

/** The save inside the caller's transaction: the answer of `hold` when the mobile change waits, else null. */
export async function saveSettingsIn<H>(
  trx: Executor,
  input: SettingsInput,
  record: Recorder,
  hold: (trx: Executor, change: { before: string; after: string }) => Promise<H | null> = async () => null,
): Promise<H | null> {
  await agentMustExist(trx, input.agentId);
  const now = clock.iso();
  await repo.lockAccount(trx, input.agentId, now);
  const a = (await repo.accountOf(trx, input.agentId))!;
  const mobileChanges = a.verify_mobile !== input.verifyMobile;
  if (mobileChanges) {
    const held = await hold(trx, { before: a.verify_mobile, after: input.verifyMobile });
    if (held !== null) return held;
    for (const by of new Set([input.operatorId, input.requestedById ?? input.operatorId]))
      await repo.noteAccountChange(trx, { agent_id: input.agentId, what: 'mobile', operator_id: by, at: now });
  }
  await repo.setSettings(trx, input.agentId, { holding_days: input.holdingDays, verify_mobile: input.verifyMobile }, now);
  await record(trx, {
    action: 'commission.settings_saved',
    target: { type: 'agent', id: input.agentId },
    reason: input.reason,
    before: { holding_days: a.holding_days, verify_mobile: a.verify_mobile },
    after: { holding_days: input.holdingDays, verify_mobile: input.verifyMobile, ...input.approvedNote },
  });
  return null;
}

/** Who changed an agent's payout account or verification mobile since then (they do not approve its withdrawals). */
export const recentAccountChangers = (db: Executor, agentId: number, since: string) => repo.accountChangersSince(db, agentId, since);

/** Sends the SMS code that a change of the agent's account on file needs, to the agent's mobile. */
export async function sendAccountCode(ctx: AppContext, agentId: number, ip: string) {
  await agentMustExist(ctx.db.kysely, agentId);
  const account = await repo.accountOf(ctx.db.kysely, agentId);
  if (!account?.verify_mobile) throw bad('该代理未登记验证手机号，请联系平台管理员');
  const agent = await repo.agentNameOf(ctx.db.kysely, agentId);
  const sent = await sendSmsCode(ctx, {
    mobile: account.verify_mobile,
    purpose: 'payout_account',
    ip,
    signature: agent.nickname || '流量卡',
    card: `agent:${agentId}`,
  });
  return { ...sent, mobile: `${account.verify_mobile.slice(0, 3)}****${account.verify_mobile.slice(-4)}` };
}

/** Changes the account on file after the agent's SMS code; the audit keeps it masked before and after. */
export async function changePayoutAccount(
  ctx: AppContext,
  input: { agentId: number; method: number; payee: string; account: string; code: string; operatorId: number },
  record: Recorder,
) {
  await agentMustExist(ctx.db.kysely, input.agentId);
  const problem = payoutAccountProblem(input);
  if (problem) throw bad(problem);
  // an openid typed by hand pays whoever it names: where the official account is connected, 微信零钱
  // is bound only by opening the link in WeChat (payeeBinding.ts, docs/decisions/0067)
  if (input.method === 3 && ctx.messagingApp && ctx.config.wechatMp?.publicUrl)
    throw bad('微信零钱收款账户须由收款人在微信中扫码绑定，请使用「微信扫码绑定」');
  const current = await repo.accountOf(ctx.db.kysely, input.agentId);
  if (!current?.verify_mobile) throw bad('该代理未登记验证手机号，请联系平台管理员');
  await consumeSmsCode(ctx, current.verify_mobile, 'payout_account', input.code, `agent:${input.agentId}`);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, input.agentId, now);
    const a = (await repo.accountOf(trx, input.agentId))!;
    const next = { payout_method: input.method, payee: input.payee.trim(), payout_account: input.account.trim() };
    await repo.setPayoutAccount(trx, input.agentId, next, now);
    await repo.noteAccountChange(trx, { agent_id: input.agentId, what: 'account', operator_id: input.operatorId, at: now });
    await record(trx, {
      action: 'commission.account_changed',
      target: { type: 'agent', id: input.agentId },
      before: { payout_method: a.payout_method, payee: a.payee, payout_account: maskAccount(a.payout_account) },
      after: { ...next, payout_account: maskAccount(next.payout_account) },
    });
  });
  return figuresOf(ctx.db.kysely, input.agentId);
}

// ---------- statements ----------

/** A China-time month of an agent's ledger: totals, the rows, opening and closing balance. */
export async function statementOf(db: Executor, agentId: number, month: string) {
  const range = chinaMonthRange(month);
  if (!range) throw bad('月份格式应为 YYYY-MM');
  await agentMustExist(db, agentId);
  const [opening, rows, agent] = await Promise.all([
    repo.sumBefore(db, agentId, range.from),
    repo.entriesBetween(db, agentId, range.from, range.to),
    repo.agentNameOf(db, agentId),
  ]);
  const totals = statementTotals(
    opening,
    rows.map((r) => ({ kind: r.kind as never, amount_fen: r.amount_fen, created_at: r.created_at })),
  );
  return {
    agent: { id: agentId, nickname: agent.nickname, mark: agent.mark },
    month,
    from: range.from,
    to: range.to,
    totals,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as 'order' | 'refund' | 'adjustment' | 'withdrawal' | 'withdrawal_return',
      amount_fen: r.amount_fen,
      order_no: r.order_no,
      retail_fen: r.retail_fen,
      discount_fen: r.discount_fen,
      cost_fen: r.cost_fen,
      note: r.note,
      available_at: r.available_at,
      created_at: r.created_at,
    })),
  };
}

export { yuan };

// ---------- levels (docs/decisions/0067-agents-in-levels.md) ----------

/**
 * An agent's chain (top first) and what each level of it pays for a package: what the console shows
 * a parent setting its sub-agent's terms, by the same rule (levelCosts) the crediting applies.
 */
export async function commissionTermsOf(db: Executor, agentId: number) {
  const chain = await repo.chainOf(db, agentId);
  const set = new Map(
    (
      await repo.costsOfAgents(
        db,
        chain.map((a) => a.id),
      )
    ).map((c) => [`${c.agent_id}:${c.package_id}`, c.cost_fen]),
  );
  const setCost = (agent: number, packageId: number) => set.get(`${agent}:${packageId}`) ?? null;
  return {
    chain,
    setCost,
    costsFor: (pkg: CatalogueCost, packageId: number) =>
      levelCosts(
        pkg,
        chain.slice(1).map((a) => ({ cost_fen: setCost(a.id, packageId), share_bp: a.share_bp })),
      ),
  };
}

/** A parent sets (null: removes) a sub-agent's cost for a package, in the caller's transaction. */
export const setPackageCostIn = repo.setPackageCost;
