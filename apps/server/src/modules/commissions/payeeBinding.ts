// The payout openid bound through the messaging app (docs/decisions/0067-agents-in-levels.md): an
// openid typed by hand pays whoever it names, or nobody. Instead the agent's administrator proves the
// change with the agent's SMS code (as for any change of the account on file), names the payee, and
// gets a link — shown as a QR code — to the official account's silent web login (snsapi_base); the
// payee opens it in WeChat, the platform hands back a code for their openid under the account, and
// the account on file becomes 微信零钱 to that openid. The link's token is the login's state: random,
// single use, 10 minutes; it names the agent and the operator, so nobody binds another agent's payee.
import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { maskAccount } from '@portal/domain/commission';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { consumeSmsCode } from '../auth';
import * as repo from './repo';
import type { Recorder } from './changes';
import { figuresOf } from './figures';

export const PAYEE_BOUND_PATH = '/api/admin/public/payee/wechat/bound';
const LINK_TTL_MS = 10 * 60_000;
const WECHAT_CHANGE = 3;

function clientOf(ctx: AppContext) {
  const client = ctx.messagingApp;
  const publicUrl = ctx.config.wechatMp?.publicUrl;
  if (!client || !publicUrl) throw new AppError(Code.BAD_REQUEST, '未接入微信公众号，暂不能扫码绑定微信收款账户');
  return { client, publicUrl };
}

/** The link (and its token) the console shows as a QR code, after the agent's SMS code. */
export async function startPayeeBinding(ctx: AppContext, input: { agentId: number; payee: string; code: string; operatorId: number }) {
  const { client, publicUrl } = clientOf(ctx);
  const payee = input.payee.trim();
  if (payee.length < 2 || payee.length > 40) throw new AppError(Code.BAD_REQUEST, '收款人姓名须为 2–40 个字');
  const account = await repo.accountOf(ctx.db.kysely, input.agentId);
  if (!account?.verify_mobile) throw new AppError(Code.BAD_REQUEST, '该代理未登记验证手机号，请联系平台管理员');
  await consumeSmsCode(ctx, account.verify_mobile, 'payout_account', input.code, `agent:${input.agentId}`);
  const token = randomBytes(24).toString('hex');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS).toISOString();
  await repo.insertPayeeBinding(ctx.db.kysely, {
    token,
    agent_id: input.agentId,
    operator_id: input.operatorId,
    payee,
    expires_at: expiresAt,
    created_at: now.toISOString(),
  });
  return { token, url: client.oauthUrl(`${publicUrl}${PAYEE_BOUND_PATH}`, token), expires_at: expiresAt };
}

/** How a link stands, for the console's polling: an agent administrator's own agent's links only (null: any). */
export async function payeeBindingState(ctx: AppContext, agentScope: number | null, token: string) {
  const b = await repo.payeeBindingOf(ctx.db.kysely, token);
  if (!b || (agentScope !== null && b.agent_id !== agentScope)) throw new AppError(Code.NOT_FOUND, '绑定链接不存在');
  if (b.bound_at) return { state: 'bound' as const, figures: await figuresOf(ctx.db.kysely, b.agent_id) };
  if (b.expires_at <= clock.iso()) return { state: 'expired' as const, figures: null };
  return { state: 'waiting' as const, figures: null };
}

export type PayeeBoundOutcome = 'bound' | 'expired' | 'used' | 'failed';

/**
 * The messaging app came back with the payee's code: the link's agent gets 微信零钱 to that openid,
 * once — the binding is taken conditionally, so a second opening (or a replayed callback) binds nothing.
 * `record` writes the audit row as the operator who asked for the link.
 */
export async function payeeBound(
  ctx: AppContext,
  code: string | undefined,
  state: string | undefined,
  record: (operatorId: number, agentId: number) => Recorder,
): Promise<PayeeBoundOutcome> {
  const client = ctx.messagingApp;
  if (!client || !state || !/^[0-9a-f]{48}$/.test(state)) return 'failed';
  const b = await repo.payeeBindingOf(ctx.db.kysely, state);
  if (!b) return 'failed';
  if (b.bound_at) return 'used';
  if (b.expires_at <= clock.iso()) return 'expired';
  // no code: the payee declined (snsapi_base never asks, but a tampered link may lack it)
  if (!code) return 'failed';
  let openid: string;
  try {
    openid = await client.openidFor(code);
  } catch (err) {
    ctx.log.warn({ error: (err as Error).message }, 'messaging app login failed (payee binding)');
    return 'failed';
  }
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, b.agent_id, now);
    if (!(await repo.takePayeeBinding(trx, b.token, openid, now))) return 'used' as const;
    const a = (await repo.accountOf(trx, b.agent_id))!;
    const next = { payout_method: WECHAT_CHANGE, payee: b.payee, payout_account: openid };
    await repo.setPayoutAccount(trx, b.agent_id, next, now);
    await repo.noteAccountChange(trx, { agent_id: b.agent_id, what: 'account', operator_id: b.operator_id, at: now });
    await record(b.operator_id, b.agent_id)(trx, {
      action: 'commission.payee_bound',
      target: { type: 'agent', id: b.agent_id },
      before: { payout_method: a.payout_method, payee: a.payee, payout_account: maskAccount(a.payout_account) },
      after: { ...next, payout_account: maskAccount(openid) },
    });
    return 'bound' as const;
  });
}
