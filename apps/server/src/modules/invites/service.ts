// Invite codes and the inviter's records (docs/decisions/0019). Every record is read by the
// inviter's own user id from the session: there is no record number to guess.
import { randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { DEFAULT_AGENT_MARK, type InviteCheckAnswer, type InviteMineAnswer, type InviteRecordsAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import * as repo from './repo';
import { INVITE_ALPHABET, INVITE_STATE_LABEL, inviteCodeOf, inviteStateOf, inviteStepsOf, maskMobile } from './rules';

function realUser(auth: Auth): number {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能邀请好友，请使用手机号或账号登录');
  return auth.userId;
}

/** The user's code, made on first use (a collision with another code is drawn again). */
export async function ensureCode(db: Executor, userId: number): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const have = await repo.codeOfUser(db, userId);
    if (have) return have.code;
    const code = inviteCodeOf(Array.from({ length: 8 }, () => randomInt(0, INVITE_ALPHABET.length)));
    await repo.insertCode(db, userId, code, clock.iso());
  }
  const have = await repo.codeOfUser(db, userId);
  if (!have) throw new Error('could not draw a free invite code');
  return have.code;
}

export async function inviteMine(
  ctx: AppContext,
  auth: Auth,
  program: (agentId: number) => Promise<{ invite_reward_growth: number } | null>,
): Promise<InviteMineAnswer> {
  const userId = realUser(auth);
  const db = ctx.db.kysely;
  const user = await repo.agentOfUser(db, userId);
  const p = user ? await program(user.agent_id) : null;
  const rows = await repo.invitesOf(db, userId);
  return {
    enabled: p !== null,
    code: await ensureCode(db, userId),
    mark: user?.mark ?? DEFAULT_AGENT_MARK,
    invited: rows.length,
    rewarded: rows.filter((r) => r.rewarded_at && !r.void_reason).length,
    reward_growth: p?.invite_reward_growth ?? 0,
  };
}

export async function inviteRecords(ctx: AppContext, auth: Auth): Promise<InviteRecordsAnswer> {
  const rows = await repo.invitesOf(ctx.db.kysely, realUser(auth));
  return {
    list: rows.map((r) => {
      const facts = { ...r, card_bound_at: r.card_bound_at ?? '' };
      const state = inviteStateOf(facts);
      return {
        mobile: maskMobile(r.mobile),
        state,
        state_label: state === 'rewarded' ? `${INVITE_STATE_LABEL.rewarded} +${r.reward_growth}成长值` : INVITE_STATE_LABEL[state],
        steps: inviteStepsOf(facts),
        reward_growth: state === 'void' ? 0 : r.reward_growth,
        void_reason: r.void_reason,
        created_at: r.created_at,
      };
    }),
  };
}

/** The inviter behind a code for this agent; why not, in words a visitor understands. */
export async function inviterFor(db: Executor, code: string, agentId: number) {
  const inviter = await repo.inviterOfCode(db, code);
  if (!inviter) return { inviter: null, reason: '邀请码不存在，请检查链接是否完整' } as const;
  if (inviter.agent_id !== agentId) return { inviter: null, reason: '该邀请码不属于当前品牌' } as const;
  return { inviter, reason: '' } as const;
}

export async function checkCode(ctx: AppContext, code: string, agentId: number): Promise<InviteCheckAnswer> {
  const found = await inviterFor(ctx.db.kysely, code, agentId);
  return found.inviter
    ? { valid: true, inviter: maskMobile(found.inviter.mobile), reason: '' }
    : { valid: false, inviter: '', reason: found.reason };
}

/** Records that `invitee` came through `inviter`'s code (registration's transaction). */
export function recordInvite(db: Executor, inviter: number, invitee: number, agentId: number, at: string): Promise<boolean> {
  return repo.insertInvite(db, { inviter, invitee, agentId, at });
}
