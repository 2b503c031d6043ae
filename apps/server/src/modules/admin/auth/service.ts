// Operator login with lockout and the optional TOTP second factor, own password, enrolment.
// Every outcome that matters is audited (actions in ../audit/actions.ts).
import { Code } from '@portal/contract/codes';
import { OPERATOR_ROLE_LABEL, type AdminAnswerOf, type AdminBodyOf, type OperatorRole } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { personalData } from '../../../lib/personalData';
import { clear, clearPrefix, hit, minutesOf, peek, secondsOf, type ThrottleRule } from '../../../lib/throttle';
import type { AdminActor } from '../access/actor';
import { permissionsOf } from '../access/permissions';
import { endOtherSessions, openSession } from '../access/sessions';
import { recordAudit } from '../audit';
import * as repo from './repo';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp';

/**
 * Wrong passwords (or codes) for one username FROM ONE ADDRESS: the 5th locks that pair for 15
 * minutes. Known and unknown usernames count and answer alike (docs/decisions/0028), so the answers do not
 * tell which names exist, and a stranger's failures never lock the operator at their own desk.
 */
export const LOCK_AFTER = 5;
export const LOCK_MS = 15 * 60_000;
const PER_SOURCE: ThrottleRule = { limit: LOCK_AFTER, windowMs: LOCK_MS, lockMs: LOCK_MS };
/**
 * Failures for one username from all addresses: past 5 in 15 minutes the name is slowed to one try
 * per 10 seconds (everywhere), not locked — guessing from many addresses is slowed, the operator waits
 * seconds at most.
 */
const PER_NAME: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const NAME_PACE: ThrottleRule = { limit: 1, windowMs: 10_000 };
/** Failures from one address, whatever the usernames: past 20 in 15 minutes, one try per 5 seconds (an office behind one address is slowed, not locked out). */
const PER_ADDRESS: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
const ADDRESS_PACE: ThrottleRule = { limit: 1, windowMs: 5_000 };
const ISSUER = '流量卡运营后台';
/** one scrypt run for an unknown username too: the answer's timing does not tell which names exist */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** An operator unlocked in the console: every address's lock and count on their name go. */
export async function liftLoginLocks(ctx: AppContext, username: string): Promise<void> {
  const name = username.trim().toLowerCase();
  await clearPrefix(ctx.db.kysely, `admin-login:${name}:`);
  await clear(ctx.db.kysely, `admin-login-name:${name}`);
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof repo.operatorById>>>;
interface RequestInfo {
  requestId: string;
  ip: string;
}

export async function operatorAnswer(ctx: AppContext, o: OperatorRow): Promise<AdminAnswerOf<'adminSession'>> {
  const role = o.role as OperatorRole;
  const agent = o.agent_id !== null ? await repo.agentOf(ctx.db.kysely, o.agent_id) : undefined;
  return {
    id: o.id,
    username: o.username,
    display_name: o.display_name,
    role,
    role_label: OPERATOR_ROLE_LABEL[role],
    agent: agent ? { id: agent.id, mark: agent.mark, name: agent.nickname } : null,
    totp_enabled: o.totp_enabled === 1,
    permissions: permissionsOf(role),
  };
}

function whoOf(o: OperatorRow, r: RequestInfo) {
  return { id: o.id, username: o.username, role: o.role as OperatorRole, agentId: o.agent_id, ...r };
}

export async function login(
  ctx: AppContext,
  body: AdminBodyOf<'adminLogin'>,
  r: RequestInfo,
): Promise<{ answer: AdminAnswerOf<'adminLogin'>; token?: string }> {
  const db = ctx.db.kysely;
  const name = body.username.trim().toLowerCase();
  const keys = {
    source: `admin-login:${name}:${r.ip}`,
    name: `admin-login-name:${name}`,
    address: `admin-login-ip:${r.ip}`,
  };
  // past their free failures, a name and an address are paced (429 with the seconds), never locked
  const slow = async (countKey: string, countRule: ThrottleRule, paceKey: string, paceRule: ThrottleRule) => {
    const seen = await peek(db, countKey, countRule);
    if (!seen || seen.remaining > 0) return;
    const pace = await hit(db, paceKey, paceRule);
    if (!pace.allowed) throw new AppError(Code.RATE_LIMITED, `登录尝试过于频繁，请 ${secondsOf(pace.retryAfterMs)} 秒后再试`);
  };
  const pair = await peek(db, keys.source, PER_SOURCE);
  if (pair?.locked) throw new AppError(Code.LOCKED, `密码错误次数过多，请 ${minutesOf(pair.retryAfterMs)} 分钟后再试`);
  await slow(keys.address, PER_ADDRESS, `admin-login-ip-pace:${r.ip}`, ADDRESS_PACE);
  await slow(keys.name, PER_NAME, `admin-login-name-pace:${name}`, NAME_PACE);
  // counted before the password is compared (parallel guesses cannot pass the limit), cleared on success
  const attempt = await hit(db, keys.source, PER_SOURCE);
  if (!attempt.allowed) throw new AppError(Code.LOCKED, `密码错误次数过多，请 ${minutesOf(attempt.retryAfterMs)} 分钟后再试`);

  const o = await repo.operatorByUsername(db, body.username);
  const now = clock.now();
  const passwordOk = await verifyPassword(body.password, o?.password_hash ?? DUMMY_HASH);

  const fail = async (message: string): Promise<never> => {
    await hit(db, keys.address, PER_ADDRESS);
    await hit(db, keys.name, PER_NAME);
    // the operator's record of failures (the console's list, the audit); it does not decide the lock
    if (o)
      await db.transaction().execute(async (trx) => {
        const lockedUntil = attempt.locked ? clock.isoIn(attempt.retryAfterMs) : null;
        await repo.noteFailures(trx, o.id, attempt.count, lockedUntil, clock.iso());
        await recordAudit(trx, whoOf(o, r), {
          action: attempt.locked ? 'operator.locked' : 'operator.login_failed',
          target: { type: 'operator', id: o.id },
          after: attempt.locked ? { locked_until: lockedUntil, ip: r.ip } : { failed_logins: attempt.count },
        });
      });
    if (attempt.locked) throw new AppError(Code.LOCKED, `密码错误次数过多，请 ${minutesOf(attempt.retryAfterMs)} 分钟后再试`);
    throw new AppError(Code.LOGIN_FAILED, `${message}，还可尝试 ${attempt.remaining} 次`);
  };

  if (!o || !passwordOk) return fail('用户名或密码错误');
  if (o.disabled) throw new AppError(Code.LOGIN_FAILED, '该账号已停用，请联系平台管理员');

  if (o.totp_enabled) {
    if (!body.totp) return { answer: { status: 'totp_required' } };
    const secret = personalData(ctx.config).open(o.totp_secret);
    const step = verifyTotp(secret, body.totp, Math.floor(now.getTime() / 1000), o.totp_last_step);
    if (step === null || !(await repo.useTotpStep(db, o.id, step))) return fail('动态验证码错误或已使用');
  }

  await clear(db, keys.source);
  const session = await db.transaction().execute(async (trx) => {
    await repo.clearFailures(trx, o.id, clock.iso());
    const s = await openSession(trx, o.id);
    await recordAudit(trx, whoOf(o, r), {
      action: 'operator.login',
      target: { type: 'operator', id: o.id },
      after: { totp: o.totp_enabled === 1 },
    });
    return s;
  });
  const fresh = (await repo.operatorById(db, o.id))!;
  return { answer: { status: 'ok', operator: await operatorAnswer(ctx, fresh), expires_at: session.expiresAt }, token: session.token };
}

export async function current(ctx: AppContext, op: AdminActor): Promise<AdminAnswerOf<'adminSession'>> {
  const o = await repo.operatorById(ctx.db.kysely, op.id);
  if (!o) throw new AppError(Code.UNAUTHORIZED, '请先登录');
  return operatorAnswer(ctx, o);
}

async function checkPassword(ctx: AppContext, op: AdminActor, password: string, what: string): Promise<OperatorRow> {
  const o = (await repo.operatorById(ctx.db.kysely, op.id))!;
  if (!(await verifyPassword(password, o.password_hash))) throw new AppError(Code.LOGIN_FAILED, `${what}错误`);
  return o;
}

export async function changePassword(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminChangePassword'>): Promise<null> {
  await checkPassword(ctx, op, body.old_password, '原密码');
  if (body.old_password === body.new_password) throw new AppError(Code.BAD_REQUEST, '新密码不能与原密码相同');
  const hash = await hashPassword(body.new_password, ctx.config.passwordHashCost);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.setPassword(trx, op.id, hash, clock.iso());
    // the operator's other logins end: a password thought leaked stops working everywhere
    await endOtherSessions(trx, op.id, op.sessionId);
    await recordAudit(trx, op, { action: 'operator.password_changed', target: { type: 'operator', id: op.id } });
  });
  return null;
}

export async function enrolTotp(ctx: AppContext, op: AdminActor): Promise<AdminAnswerOf<'adminTotpEnrol'>> {
  const o = (await repo.operatorById(ctx.db.kysely, op.id))!;
  if (o.totp_enabled) throw new AppError(Code.BAD_REQUEST, '两步验证已开启；如需更换，请先关闭');
  const secret = newTotpSecret();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.setTotp(trx, op.id, { secret: personalData(ctx.config).seal(secret), enabled: 0 }, clock.iso());
    await recordAudit(trx, op, { action: 'operator.totp_enrol', target: { type: 'operator', id: op.id } });
  });
  return { secret, uri: otpauthUri(ISSUER, o.username, secret) };
}

export async function confirmTotp(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminTotpConfirm'>) {
  const db = ctx.db.kysely;
  const o = (await repo.operatorById(db, op.id))!;
  if (o.totp_enabled) throw new AppError(Code.BAD_REQUEST, '两步验证已开启');
  if (!o.totp_secret) throw new AppError(Code.BAD_REQUEST, '请先生成两步验证密钥');
  const secret = personalData(ctx.config).open(o.totp_secret);
  const step = verifyTotp(secret, body.code, Math.floor(clock.now().getTime() / 1000));
  if (step === null) throw new AppError(Code.BAD_REQUEST, '动态验证码错误，请核对手机时间后重试');
  await db.transaction().execute(async (trx) => {
    await repo.setTotp(trx, op.id, { secret: o.totp_secret, enabled: 1 }, clock.iso());
    await repo.useTotpStep(trx, op.id, step);
    await recordAudit(trx, op, {
      action: 'operator.totp_enabled',
      target: { type: 'operator', id: op.id },
      before: { totp: false },
      after: { totp: true },
    });
  });
  return operatorAnswer(ctx, (await repo.operatorById(db, op.id))!);
}

export async function disableTotp(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminTotpDisable'>) {
  const o = await checkPassword(ctx, op, body.password, '登录密码');
  if (!o.totp_enabled) throw new AppError(Code.BAD_REQUEST, '两步验证未开启');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.setTotp(trx, op.id, { secret: '', enabled: 0 }, clock.iso());
    await recordAudit(trx, op, {
      action: 'operator.totp_disabled',
      target: { type: 'operator', id: op.id },
      before: { totp: true },
      after: { totp: false },
    });
  });
  return operatorAnswer(ctx, (await repo.operatorById(ctx.db.kysely, op.id))!);
}
