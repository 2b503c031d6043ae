// An agent's holding period, verification mobile and the payout account on file
// (docs/decisions/0035-agent-commissions.md, 0056 for the second operator).
import { maskAccount, payoutAccountProblem } from '@portal/domain/commission';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { consumeSmsCode, sendSmsCode } from '../auth';
import { agentMustExist, bad, type Recorder } from './changes';
import { figuresOf } from './figures';
import * as repo from './repo';

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
