import { randomBytes, randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import {
  AGENT_APPLICATION_STATUS_LABEL,
  AGENT_CHANNEL_LABEL,
  DEFAULT_AGENT_MARK,
  type AgentApplication,
  type AgentApplicationAnswer,
  type AgentApplicationStatus,
  type AgentChannel,
} from '@portal/contract';
import type { BodyOf } from '@portal/contract/endpoints';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, minutesOf } from '../../lib/throttle';
import { consumeSmsCode } from '../auth';
import * as repo from './repo';
import { applicationNoOf, isOpen, maskMobile } from './rules';

/** Tries (filing or looking up) from one client address per hour: generous for carrier NAT, tight for scripts. */
export const APPLY_TRIES_PER_HOUR = { limit: 10, windowMs: 3600_000 };

function viewOf(row: repo.AgentApplicationRow): AgentApplication {
  const status = row.status as AgentApplicationStatus;
  const channel = row.channel as AgentChannel;
  return {
    application_no: row.application_no,
    name: row.name,
    mobile: maskMobile(row.mobile),
    province: row.province,
    city: row.city,
    channel,
    channel_label: AGENT_CHANNEL_LABEL[channel] ?? row.channel,
    notes: row.notes,
    status,
    status_label: AGENT_APPLICATION_STATUS_LABEL[status] ?? row.status,
    reject_reason: status === 'rejected' ? row.reject_reason : '',
    can_resubmit: !isOpen(status),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function countTry(ctx: AppContext, ip: string, what: string): Promise<void> {
  const t = await hit(ctx.db.kysely, `agent_apply:${what}:${ip}`, APPLY_TRIES_PER_HOUR);
  if (!t.allowed) throw new AppError(Code.RATE_LIMITED, `操作过于频繁，请${minutesOf(t.retryAfterMs)}分钟后再试`);
}

export async function applyForAgent(ctx: AppContext, body: BodyOf<'agentApplicationCreate'>, ip: string): Promise<AgentApplicationAnswer> {
  const agent = await repo.agentOfMark(ctx.db.kysely, body.mark || DEFAULT_AGENT_MARK);
  if (!agent) throw new AppError(Code.NOT_FOUND, '未找到该品牌，请检查链接是否正确');
  if (!agent.agent_form) throw new AppError(Code.BAD_REQUEST, '暂未开放代理申请');
  // counted before the code is checked: guessing codes costs tries
  await countTry(ctx, ip, 'create');
  // the code first: whether a mobile has an application is told only to its holder
  await consumeSmsCode(ctx, body.mobile, 'agent_apply', body.code);
  const open = await repo.latestApplicationOf(ctx.db.kysely, body.mobile);
  if (open && isOpen(open.status as AgentApplicationStatus))
    throw new AppError(Code.BAD_REQUEST, '该手机号已有一份进行中的代理申请，可用“查看申请进度”查看');
  const now = clock.now();
  const key = randomBytes(24).toString('base64url');
  const inserted = await repo.insertApplication(ctx.db.kysely, {
    application_no: applicationNoOf(now, randomInt(0, 1_000_000)),
    access_key: key,
    agent_id: agent.id,
    name: body.name,
    mobile: body.mobile,
    open_mobile: body.mobile,
    province: body.province,
    city: body.city,
    channel: body.channel,
    notes: body.notes,
    status: 'submitted',
    reject_reason: '',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  // a second submission that raced the first one past the check above
  if (!inserted) throw new AppError(Code.BAD_REQUEST, '该手机号已有一份进行中的代理申请，可用“查看申请进度”查看');
  const row = await repo.applicationByKey(ctx.db.kysely, key);
  return { application: viewOf(row!), key };
}

/** By the key the browser kept, or by the mobile proven with a fresh code (then the key again). */
export async function lookUpApplication(
  ctx: AppContext,
  body: BodyOf<'agentApplicationLookup'>,
  ip: string,
): Promise<AgentApplicationAnswer> {
  // a key is 24 random bytes, not worth guessing: /agent asks by it on every visit, uncounted
  if ('key' in body) {
    const row = await repo.applicationByKey(ctx.db.kysely, body.key);
    return row ? { application: viewOf(row), key: row.access_key } : { application: null, key: '' };
  }
  await countTry(ctx, ip, 'lookup');
  await consumeSmsCode(ctx, body.mobile, 'agent_apply', body.code);
  const row = await repo.latestApplicationOf(ctx.db.kysely, body.mobile);
  return row ? { application: viewOf(row), key: row.access_key } : { application: null, key: '' };
}
