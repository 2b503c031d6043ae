// Managing operator accounts (docs/decisions/0018): create, reset a password or the second factor
// (0059), unlock, disable/enable, change role. Each change and its audit row (before/after, the reason; never a password hash) are written
// in one transaction. The console keeps at least one enabled platform administrator, and nobody
// disables themselves (they would lock the door behind them).
// The operators who approve are guarded (docs/decisions/0056-no-one-moves-money-alone.md): creating a
// platform administrator, resetting another platform administrator's password and any change of role
// wait for a second platform administrator; and whoever sets an operator's password or role is tied
// to them — neither approves the other's requests, since either may act as the other. When no
// platform administrator could approve (nobody else, or only the target, or only tied ones), the
// change is made at once: holding it would lock a lone administrator out of creating the second, and
// the tie already keeps the pair from approving each other.
import { Code } from '@portal/contract/codes';
import { OPERATOR_ROLE_LABEL, type AdminAnswerOf, type AdminBodyOf, type OperatorRole } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import type { AdminActor } from '../access/actor';
import { revokeOperatorSessions } from '../access/sessionRepo';
import { approvedNote, couldApproveOperatorChange, hold, tie, type ApprovedBy, type Pending } from '../approvals/service';
import { recordAudit } from '../audit';
import * as repo from '../auth/repo';
import { liftLoginLocks } from '../auth/service';

type Row = AdminAnswerOf<'adminOperatorList'>['items'][number];
type OperatorRecord = NonNullable<Awaited<ReturnType<typeof repo.operatorById>>>;

export async function listOperators(ctx: AppContext | Executor): Promise<AdminAnswerOf<'adminOperatorList'>> {
  const rows = await repo.listOperators('db' in ctx && 'config' in ctx ? ctx.db.kysely : (ctx as Executor));
  return {
    items: rows.map((r) => {
      const role = r.role as OperatorRole;
      return {
        id: r.id,
        username: r.username,
        display_name: r.display_name,
        role,
        role_label: OPERATOR_ROLE_LABEL[role] ?? r.role,
        agent: r.agent_id !== null ? { id: r.agent_id, mark: r.agent_mark ?? '', name: r.agent_name ?? '' } : null,
        disabled: r.disabled === 1,
        locked_until: r.locked_until && r.locked_until > clock.iso() ? r.locked_until : null,
        failed_logins: r.failed_logins,
        totp_enabled: r.totp_enabled === 1,
        last_login_at: r.last_login_at ?? null,
        created_at: r.created_at,
      };
    }),
  };
}

async function rowOf(db: AppContext | Executor, id: number): Promise<Row> {
  const row = (await listOperators(db)).items.find((o) => o.id === id);
  if (!row) throw new AppError(Code.NOT_FOUND, '操作员不存在');
  return row;
}

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
function snapshot(o: OperatorRecord) {
  return {
    username: o.username,
    display_name: o.display_name,
    role: o.role,
    agent_id: o.agent_id,
    disabled: o.disabled === 1,
    failed_logins: o.failed_logins,
    locked_until: o.locked_until,
  };
}

async function existing(db: Executor, id: number): Promise<OperatorRecord> {
  const o = await repo.operatorById(db, id);
  if (!o) throw new AppError(Code.NOT_FOUND, '操作员不存在');
  return o;
}

async function checkAgent(db: Executor, agentId: number | null): Promise<void> {
  if (agentId !== null && !(await repo.agentOf(db, agentId))) throw new AppError(Code.BAD_REQUEST, '代理商不存在');
}

/**
 * Changes that could take away an enabled platform administrator (disable, change role) run one
 * at a time: on PostgreSQL two of them (A disables B while B disables A) would each count the
 * other as still enabled and both pass, so each takes a transaction-scoped advisory lock first and
 * reads the operators after it, seeing the other's committed change. SQLite's one writer (every
 * transaction begins IMMEDIATE) already serialises them; the check and the write share the
 * transaction there too.
 */
async function serialiseAdminChanges(ctx: AppContext, trx: Executor): Promise<void> {
  await repo.lockAdminChanges(trx, ctx.db.dialect);
}

/** An enabled platform administrator who would stop being one must not be the last. */
async function keepOneAdmin(db: Executor, o: OperatorRecord, message: string): Promise<void> {
  if (o.role === 'platform_admin' && o.disabled === 0 && (await repo.otherEnabledPlatformAdmins(db, o.id)) === 0)
    throw new AppError(Code.BAD_REQUEST, message);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export async function createOperator(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminOperatorCreate'>): Promise<Row | Pending> {
  const db = ctx.db.kysely;
  if (await repo.operatorByUsername(db, body.username)) throw new AppError(Code.BAD_REQUEST, TAKEN);
  await checkAgent(db, body.agent_id);
  const { password, ...rest } = body;
  // the request keeps the hash, never the password: a reader of approvals learns nothing to log in with
  const held: CreatePayload = { ...rest, password_hash: await hashPassword(password, ctx.config.passwordHashCost) };
  try {
    return await db.transaction().execute(async (trx) => {
      if (body.role === 'platform_admin' && (await couldApproveOperatorChange(trx, op, null)))
        return hold(trx, op, {
          kind: 'operator_create',
          agentId: null,
          payload: held,
          summary: `新增平台管理员 ${body.username}（${body.display_name}）`,
          reason: body.reason,
          why: ['新增平台管理员需另一位平台管理员审批'],
        });
      return createIn(trx, op, held, null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.BAD_REQUEST, TAKEN);
    throw err;
  }
}

const TAKEN = '用户名已被使用';

/** A held creation: the body as sent, its password as a hash. */
export type CreatePayload = Omit<AdminBodyOf<'adminOperatorCreate'>, 'password'> & { password_hash: string };

/** The creation inside the caller's transaction; `approved`: a second platform administrator let it be. */
export async function createIn(trx: Executor, op: AdminActor, p: CreatePayload, approved: ApprovedBy | null): Promise<Row> {
  if (await repo.operatorByUsername(trx, p.username)) throw new AppError(Code.BAD_REQUEST, TAKEN);
  await checkAgent(trx, p.agent_id);
  const values = { username: p.username, display_name: p.display_name, role: p.role, agent_id: p.agent_id };
  const newId = await repo.insertOperator(trx, { ...values, password_hash: p.password_hash }, clock.iso());
  // whoever chose the password may act as the new operator
  await tie(trx, newId, approved?.requestedById ?? op.id, 'created');
  await recordAudit(trx, op, {
    action: 'operator.created',
    target: { type: 'operator', id: newId },
    reason: p.reason,
    after: { ...values, ...approvedNote(approved, op) },
  });
  return rowOf(trx, newId);
}

export async function resetPassword(
  ctx: AppContext,
  op: AdminActor,
  body: AdminBodyOf<'adminOperatorResetPassword'>,
): Promise<Row | Pending> {
  const db = ctx.db.kysely;
  const target = await existing(db, body.id);
  const held: PasswordPayload = {
    id: body.id,
    password_hash: await hashPassword(body.password, ctx.config.passwordHashCost),
    reason: body.reason,
  };
  return db.transaction().execute(async (trx) => {
    if (target.role === 'platform_admin' && body.id !== op.id && (await couldApproveOperatorChange(trx, op, body.id)))
      return hold(trx, op, {
        kind: 'operator_password',
        agentId: null,
        payload: held,
        summary: `重置平台管理员 ${target.username}（${target.display_name}）的密码`,
        reason: body.reason,
        why: ['重置平台管理员的密码需另一位平台管理员审批'],
      });
    return resetIn(trx, op, held, null);
  });
}

/** A held password reset: the new password as a hash. */
export type PasswordPayload = { id: number; password_hash: string; reason: string };

export async function resetIn(trx: Executor, op: AdminActor, p: PasswordPayload, approved: ApprovedBy | null): Promise<Row> {
  await existing(trx, p.id);
  const now = clock.iso();
  await repo.setPassword(trx, p.id, p.password_hash, now);
  // a password reset ends every login of that account, the resetter's own too if it is theirs
  await revokeOperatorSessions(trx, p.id, now, p.id === op.id ? op.sessionId : undefined);
  // whoever chose the password may act as that operator
  await tie(trx, p.id, approved?.requestedById ?? op.id, 'password');
  await recordAudit(trx, op, {
    action: 'operator.password_reset',
    target: { type: 'operator', id: p.id },
    reason: p.reason,
    after: { sessions_revoked: true, ...approvedNote(approved, op) },
  });
  return rowOf(trx, p.id);
}

/**
 * 重置两步验证 (docs/decisions/0059): an operator who lost their phone signs in with their password
 * alone until they enrol a new one. Another platform administrator's reset waits for a third (the
 * second factor is what stops whoever knows or sets their password); others' is done at once. Either
 * way it ends the operator's sessions, and ties the resetter to them, as a password reset does.
 */
export async function resetTotp(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminOperatorResetTotp'>): Promise<Row | Pending> {
  // one's own second factor is dropped with one's password (账号设置 → 关闭), never by a session alone
  if (body.id === op.id) throw new AppError(Code.BAD_REQUEST, '不能在此重置自己的两步验证，请在账号设置中凭登录密码关闭');
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const target = await totpResettable(trx, body.id);
    if (target.role === 'platform_admin' && (await couldApproveOperatorChange(trx, op, body.id)))
      return hold(trx, op, {
        kind: 'operator_totp',
        agentId: null,
        payload: body,
        summary: `重置平台管理员 ${target.username}（${target.display_name}）的两步验证，并退出其全部登录`,
        reason: body.reason,
        why: ['重置平台管理员的两步验证需另一位平台管理员审批'],
      });
    return resetTotpIn(trx, op, body, null);
  });
}

/** An operator whose second factor can be reset: one that has one (enabled, or enrolment begun). */
async function totpResettable(db: Executor, id: number): Promise<OperatorRecord> {
  const o = await existing(db, id);
  if (o.totp_enabled !== 1 && !o.totp_secret) throw new AppError(Code.BAD_REQUEST, '该操作员未开启两步验证，无需重置');
  return o;
}

export async function resetTotpIn(
  trx: Executor,
  op: AdminActor,
  body: AdminBodyOf<'adminOperatorResetTotp'>,
  approved: ApprovedBy | null,
): Promise<Row> {
  const o = await totpResettable(trx, body.id);
  const now = clock.iso();
  await repo.setTotp(trx, body.id, { secret: '', enabled: 0 }, now);
  // whoever was signed in with the lost phone's codes is signed out
  await revokeOperatorSessions(trx, body.id, now);
  // whoever dropped the second factor may, with the password, act as that operator
  await tie(trx, body.id, approved?.requestedById ?? op.id, 'totp');
  await recordAudit(trx, op, {
    action: 'operator.totp_reset',
    target: { type: 'operator', id: body.id },
    reason: body.reason,
    before: { totp: o.totp_enabled === 1 },
    after: { totp: false, sessions_revoked: true, ...approvedNote(approved, op) },
  });
  return rowOf(trx, body.id);
}

export async function unlockOperator(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminOperatorUnlock'>): Promise<Row> {
  const username = await ctx.db.kysely.transaction().execute(async (trx) => {
    const o = await existing(trx, body.id);
    await repo.clearFailures(trx, body.id, clock.iso());
    await recordAudit(trx, op, {
      action: 'operator.unlocked',
      target: { type: 'operator', id: body.id },
      reason: body.reason,
      before: { failed_logins: o.failed_logins, locked_until: o.locked_until },
      after: { failed_logins: 0, locked_until: null },
    });
    return o.username;
  });
  await liftLoginLocks(ctx, username);
  return rowOf(ctx, body.id);
}

export async function setDisabled(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminOperatorSetDisabled'>): Promise<Row> {
  if (body.disabled && body.id === op.id) throw new AppError(Code.BAD_REQUEST, '不能停用自己的账号');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await serialiseAdminChanges(ctx, trx);
    const o = await existing(trx, body.id);
    if ((o.disabled === 1) === body.disabled) throw new AppError(Code.BAD_REQUEST, body.disabled ? '该操作员已停用' : '该操作员未停用');
    if (body.disabled) await keepOneAdmin(trx, o, '不能停用最后一位启用中的平台管理员');
    const now = clock.iso();
    await repo.setDisabled(trx, body.id, body.disabled ? 1 : 0, now);
    if (body.disabled) await revokeOperatorSessions(trx, body.id, now);
    await recordAudit(trx, op, {
      action: body.disabled ? 'operator.disabled' : 'operator.enabled',
      target: { type: 'operator', id: body.id },
      reason: body.reason,
      before: snapshot(o),
      after: { ...snapshot(o), disabled: body.disabled },
    });
  });
  return rowOf(ctx, body.id);
}

export async function setRole(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminOperatorSetRole'>): Promise<Row | Pending> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await serialiseAdminChanges(ctx, trx);
    const o = await roleChangeable(trx, body);
    if (await couldApproveOperatorChange(trx, op, body.id)) {
      const [from, to] = [OPERATOR_ROLE_LABEL[o.role as OperatorRole] ?? o.role, OPERATOR_ROLE_LABEL[body.role]];
      return hold(trx, op, {
        kind: 'operator_role',
        agentId: null,
        payload: body,
        summary: `操作员 ${o.username}（${o.display_name}）：${from}${o.agent_id === null ? '' : `（代理 ${o.agent_id}）`} → ${to}${body.agent_id === null ? '' : `（代理 ${body.agent_id}）`}`,
        reason: body.reason,
        why: ['修改操作员角色需另一位平台管理员审批'],
      });
    }
    return setRoleIn(ctx, trx, op, body, null);
  });
}

/** What a role change must pass, at the request and again at its approval. */
async function roleChangeable(trx: Executor, body: AdminBodyOf<'adminOperatorSetRole'>): Promise<OperatorRecord> {
  const o = await existing(trx, body.id);
  if (o.role === body.role && o.agent_id === body.agent_id) throw new AppError(Code.BAD_REQUEST, '角色与代理商没有变化');
  await checkAgent(trx, body.agent_id);
  if (body.role !== 'platform_admin') await keepOneAdmin(trx, o, '不能将最后一位启用中的平台管理员改为其他角色');
  return o;
}

export async function setRoleIn(
  ctx: AppContext,
  trx: Executor,
  op: AdminActor,
  body: AdminBodyOf<'adminOperatorSetRole'>,
  approved: ApprovedBy | null,
): Promise<Row> {
  if (approved) await serialiseAdminChanges(ctx, trx);
  const o = await roleChangeable(trx, body);
  await repo.setRole(trx, body.id, body.role, body.agent_id, clock.iso());
  await tie(trx, body.id, approved?.requestedById ?? op.id, 'role');
  // the new permissions apply from the next request: sessions look the operator's role up each time
  await recordAudit(trx, op, {
    action: 'operator.role_changed',
    target: { type: 'operator', id: body.id },
    reason: body.reason,
    before: { role: o.role, agent_id: o.agent_id },
    after: { role: body.role, agent_id: body.agent_id, ...approvedNote(approved, op) },
  });
  return rowOf(trx, body.id);
}
