// Login models (docs/spec/decisions.md "Login"), session info, logout, account password change,
// forced logout, and the contact mobile of a card (its password codes go there).
import { Code } from '@portal/contract/codes';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import type {
  ChangeMobileAnswer,
  ChangeMobileRequest,
  LoginAnswer,
  LoginRequest,
  MobileCodeRequest,
  SessionInfo,
  UserPasswordRequest,
  UserPasswordResetRequest,
} from '@portal/contract';
import { maskMobile } from '@portal/domain';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, rehashIfNeeded, verifyPassword } from '../../lib/password';
import type { Executor } from '../../db/executor';
import { clear, hit, minutesOf, peek, type ThrottleResult } from '../../lib/throttle';
import { assertMayProve, clearCardAttempts, countWrongProof, reserveCardAttempt, takeCardGuessOf } from './cardProof';
import { KEYS, RULES } from './limits';
import * as repo from './repo';
import { createSession, type Auth } from './session';
import { announceSessionsEnded } from './sessionEnds';
import { consumeSmsCode, sendSmsCode, type SmsPurpose } from './smsCode';

type LoginModel = LoginRequest['login_model'];

/**
 * The mobile that receives a card's password codes, and that a card-number login shows (masked):
 * the reserve mobile recorded with the card at issue, else the mobile of the user who proved
 * holding it when binding; null when there is neither. The recorded mobile comes first so that a
 * card's codes never follow whoever bound it last (docs/decisions/0028).
 */
export async function cardContactMobile(ctx: AppContext, card: { id: number; reserve_mobile: string | null }): Promise<string | null> {
  return card.reserve_mobile || (await repo.boundUserMobile(ctx.db.kysely, card.id)) || null;
}

/** A mark named by the client must exist; none means "the subject's own agent" (or the default). */
async function namedAgent(ctx: AppContext, mark: string | undefined) {
  if (!mark) return null;
  const agent = await repo.agentByMark(ctx.db.kysely, mark);
  if (!agent) throw new AppError(Code.NOT_FOUND, '未找到该品牌，请检查链接是否正确');
  return agent;
}

async function defaultAgent(ctx: AppContext) {
  const agent = await repo.agentByMark(ctx.db.kysely, DEFAULT_AGENT_MARK);
  if (!agent) throw new Error(`default agent "${DEFAULT_AGENT_MARK}" is missing`);
  return agent;
}

// ---------- SMS code for login ----------

export async function requestSmsCode(ctx: AppContext, body: { mobile: string; purpose: SmsPurpose; mark?: string }, ip: string) {
  const agent = (await namedAgent(ctx, body.mark)) ?? (await defaultAgent(ctx));
  return sendSmsCode(ctx, { mobile: body.mobile, purpose: body.purpose, ip, signature: agent.apply_name });
}

// ---------- login ----------

function lockedError(subject: 'account' | 'card', retryAfterMs: number, justLocked: boolean): AppError {
  const what = subject === 'card' ? '卡密码' : '密码';
  const who = subject === 'card' ? '该卡号' : '该账号';
  const minutes = minutesOf(retryAfterMs);
  return new AppError(
    Code.LOCKED,
    justLocked
      ? `${what}错误次数过多，${who}已被锁定${minutes}分钟，请${minutes}分钟后再试`
      : `${what}错误次数过多，${who}已被锁定，请${minutes}分钟后再试`,
  );
}

/** Counts this attempt against the address before anything else is looked at. */
async function guardAddress(ctx: AppContext, ip: string): Promise<void> {
  const attempts = await hit(ctx.db.kysely, KEYS.loginAddress(ip), RULES.loginAddress);
  if (!attempts.allowed) throw new AppError(Code.RATE_LIMITED, `登录尝试过于频繁，请${minutesOf(attempts.retryAfterMs)}分钟后再试`);
  const failures = await peek(ctx.db.kysely, KEYS.loginFailAddress(ip), RULES.loginFailAddress);
  if (failures?.locked) throw new AppError(Code.RATE_LIMITED, `登录失败次数过多，请${minutesOf(failures.retryAfterMs)}分钟后再试`);
}

async function countAddressFailure(ctx: AppContext, ip: string): Promise<void> {
  await hit(ctx.db.kysely, KEYS.loginFailAddress(ip), RULES.loginFailAddress);
}

/**
 * Counts a password attempt on `key` BEFORE the password is compared (parallel guesses cannot
 * pass the limit); a locked key is refused without comparing anything.
 */
async function reservePasswordAttempt(ctx: AppContext, key: string, subject: 'account' | 'card'): Promise<ThrottleResult> {
  const attempt = await hit(ctx.db.kysely, key, RULES.passwordFailures);
  if (!attempt.allowed) throw lockedError(subject, attempt.retryAfterMs, false);
  return attempt;
}

async function wrongPassword(ctx: AppContext, ip: string, attempt: ThrottleResult, subject: 'account' | 'card'): Promise<AppError> {
  await countAddressFailure(ctx, ip);
  if (attempt.locked) return lockedError(subject, attempt.retryAfterMs, true);
  const left = attempt.remaining;
  return subject === 'card'
    ? new AppError(Code.CARD_PASSWORD_WRONG, `卡密码错误，还可尝试${left}次`)
    : new AppError(Code.LOGIN_FAILED, `账号或密码错误，还可尝试${left}次`);
}

// Compared against when the account does not exist, so an unknown account costs the same time
// as a wrong password and the timing does not tell which accounts exist.
// Made at the cost of new hashes, once per cost.
const dummyHashes = new Map<number, Promise<string>>();
function dummy(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword('no-such-account', cost)));
  return hash;
}

/** Replaces a card's password hash, if it is still `oldHash` (the card record's writer: modules/index.ts hands it in). */
export type CardHashSaver = (db: Executor, cardId: number, newHash: string, oldHash: string) => Promise<unknown>;

async function answer(
  ctx: AppContext,
  s: { userId: number; customNum: string; loginModel: LoginModel; mark: string; mobile: string },
): Promise<LoginAnswer> {
  const { token, expiresAt } = await createSession(ctx, s);
  const out: LoginAnswer = { token, user_id: s.userId, mobile: s.mobile, expires_at: expiresAt };
  if (s.customNum) out.custom_num = s.customNum;
  return out;
}

export async function login(ctx: AppContext, req: LoginRequest, ip: string, saveCardHash: CardHashSaver): Promise<LoginAnswer> {
  const named = await namedAgent(ctx, req.mark);
  await guardAddress(ctx, ip);
  switch (req.login_model) {
    case 'mobile':
      return loginByMobile(ctx, req.mobile, req.code, named?.mark, ip);
    case 'account':
      return loginByAccount(ctx, req.account, req.password, named?.mark, ip);
    case 'customNum':
      return loginByCard(ctx, req.custom_num, req.password, named?.mark, ip, saveCardHash);
  }
}

async function loginByMobile(ctx: AppContext, mobile: string, code: string, mark: string | undefined, ip: string): Promise<LoginAnswer> {
  try {
    await consumeSmsCode(ctx, mobile, 'login', code);
  } catch (err) {
    await countAddressFailure(ctx, ip);
    throw err;
  }
  let user = await repo.userByMobile(ctx.db.kysely, mobile);
  if (!user) {
    // A new customer scanning the box logs in this way: register them under the agent of the link.
    const agent = mark ? await repo.agentByMark(ctx.db.kysely, mark) : await defaultAgent(ctx);
    await repo.insertUserIfAbsent(ctx.db.kysely, mobile, agent!.id, clock.iso());
    user = await repo.userByMobile(ctx.db.kysely, mobile);
    if (!user) throw new Error('user registration did not persist');
    ctx.log.info({ userId: user.id, agentId: agent!.id }, 'new user registered by SMS login');
  }
  await clear(ctx.db.kysely, KEYS.userFailures(user.id));
  return answer(ctx, { userId: user.id, customNum: '', loginModel: 'mobile', mark: mark ?? (await userMark(ctx, user.agent_id)), mobile });
}

async function userMark(ctx: AppContext, agentId: number): Promise<string> {
  return (await repo.agentById(ctx.db.kysely, agentId))?.mark ?? DEFAULT_AGENT_MARK;
}

async function loginByAccount(
  ctx: AppContext,
  account: string,
  password: string,
  mark: string | undefined,
  ip: string,
): Promise<LoginAnswer> {
  const user = await repo.userByAccountOrMobile(ctx.db.kysely, account);
  const key = user ? KEYS.userFailures(user.id) : KEYS.accountFailures(account);
  const attempt = await reservePasswordAttempt(ctx, key, 'account');
  const stored = user?.password_hash ?? null;
  const good = (await verifyPassword(password, stored ?? (await dummy(ctx.config.passwordHashCost)))) && stored !== null;
  if (!user || !good) throw await wrongPassword(ctx, ip, attempt, 'account');
  await clear(ctx.db.kysely, key);
  // a hash made under an older cost is made again now that the password is at hand (docs/decisions/0022)
  await rehashIfNeeded(password, stored, ctx.config.passwordHashCost, (newHash, oldHash) =>
    repo.replaceUserPasswordHash(ctx.db.kysely, user.id, oldHash, newHash),
  );
  return answer(ctx, {
    userId: user.id,
    customNum: '',
    loginModel: 'account',
    mark: mark ?? (await userMark(ctx, user.agent_id)),
    mobile: user.mobile ?? '',
  });
}

async function loginByCard(
  ctx: AppContext,
  customNum: string,
  password: string,
  mark: string | undefined,
  ip: string,
  saveCardHash: CardHashSaver,
): Promise<LoginAnswer> {
  const card = await repo.cardLoginOf(ctx.db.kysely, customNum);
  if (!card) {
    // guessing card numbers is a failure of this address too
    await countAddressFailure(ctx, ip);
    throw new AppError(Code.CARD_NOT_FOUND, '卡号不存在，请核对卡号后重新输入');
  }
  if (card.card_login !== 1) throw new AppError(Code.CARD_LOGIN_DISABLED, '该卡暂不支持卡号登录，请使用手机号或账号登录');
  if (!card.password_hash)
    throw new AppError(Code.CARD_PASSWORD_REQUIRED, '该卡尚未设置登录密码，请先使用手机号或账号登录，再为该卡设置卡密码');
  // the lock falls on this address's tries at this card: a stranger failing five times locks only
  // themselves (docs/decisions/0028); the card itself waits only after guesses from several
  // places, and its holder's code to the card's mobile ends that wait (docs/decisions/0058)
  const src = { ip };
  await assertMayProve(ctx, src);
  const attempt = await reserveCardAttempt(ctx, customNum, src);
  // and the card's bound across all addresses (docs/decisions/0058), taken before comparing
  const guess = await takeCardGuessOf(ctx, customNum);
  if (!(await verifyPassword(password, card.password_hash))) {
    await countAddressFailure(ctx, ip);
    throw await countWrongProof(ctx, src, attempt, '卡密码错误', guess);
  }
  await clearCardAttempts(ctx, customNum, src);
  await rehashIfNeeded(password, card.password_hash, ctx.config.passwordHashCost, (newHash, oldHash) =>
    saveCardHash(ctx.db.kysely, card.id, newHash, oldHash),
  );
  // Not the holder's full number: a card password should not reveal who owns the card.
  const contact = await cardContactMobile(ctx, card);
  return answer(ctx, {
    userId: 0,
    customNum: card.custom_num,
    loginModel: 'customNum',
    mark: mark ?? card.agent_mark,
    mobile: contact ? maskMobile(contact) : '',
  });
}

// ---------- session ----------

export async function logout(ctx: AppContext, auth: Auth): Promise<void> {
  await repo.revokeSession(ctx.db.kysely, auth.sessionId, clock.iso());
  announceSessionsEnded(ctx, { sessionId: auth.sessionId });
}

export async function sessionInfo(ctx: AppContext, auth: Auth): Promise<SessionInfo> {
  const session = await repo.sessionById(ctx.db.kysely, auth.sessionId);
  if (!session) throw new AppError(Code.UNAUTHORIZED);
  let mobile = '';
  let account = '';
  let hasPassword = false;
  if (auth.userId !== 0) {
    const user = await repo.userById(ctx.db.kysely, auth.userId);
    if (!user) throw new AppError(Code.UNAUTHORIZED);
    mobile = user.mobile ?? '';
    account = user.account ?? '';
    hasPassword = user.password_hash !== null;
  } else if (auth.customNum) {
    const card = await repo.cardLoginOf(ctx.db.kysely, auth.customNum);
    const contact = card ? await cardContactMobile(ctx, card) : null;
    mobile = contact ? maskMobile(contact) : '';
  }
  return {
    user_id: auth.userId,
    mobile,
    account,
    custom_num: auth.customNum,
    login_model: toLoginModel(auth.loginModel),
    mark: auth.mark,
    expires_at: session.expires_at,
    has_password: hasPassword,
  };
}

function toLoginModel(v: string): LoginModel {
  return v === 'mobile' || v === 'account' || v === 'customNum' ? v : 'account';
}

// ---------- account password ----------

export async function changePassword(ctx: AppContext, auth: Auth, body: UserPasswordRequest, ip: string) {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能修改账号密码，请使用手机号或账号登录');
  const user = await repo.userById(ctx.db.kysely, auth.userId);
  if (!user) throw new AppError(Code.UNAUTHORIZED);
  const key = KEYS.userFailures(user.id);
  if (user.password_hash) {
    if (!body.old_password) throw new AppError(Code.BAD_REQUEST, '请输入原密码');
    if (body.old_password === body.new_password) throw new AppError(Code.BAD_REQUEST, '新密码不能与原密码相同');
    // Same lock as the login: a stolen session must not become a way to guess the password.
    const attempt = await reservePasswordAttempt(ctx, key, 'account');
    if (!(await verifyPassword(body.old_password, user.password_hash))) {
      await countAddressFailure(ctx, ip);
      if (attempt.locked) throw lockedError('account', attempt.retryAfterMs, true);
      throw new AppError(Code.LOGIN_FAILED, `原密码错误，还可尝试${attempt.remaining}次`);
    }
    await clear(ctx.db.kysely, key);
  }
  await repo.setUserPassword(ctx.db.kysely, user.id, await hashPassword(body.new_password, ctx.config.passwordHashCost));
  // Everyone else holding a session of this user is signed out (they get code 40001).
  const revoked = await repo.revokeOtherUserSessions(ctx.db.kysely, user.id, auth.sessionId, clock.iso());
  announceSessionsEnded(ctx, { userId: user.id });
  ctx.log.info({ userId: user.id, revoked }, 'account password changed');
  return { revoked_sessions: revoked };
}

/**
 * 忘记密码 on the account tab: the code sent to the account's mobile (purpose user_password) sets a
 * new password. Every session of the account ends — whoever knew the old password is out. A mobile
 * that is no account's answers the same refusal as a wrong code would not: the code proves the
 * number, so only its holder learns that it has no account.
 */
export async function resetUserPassword(ctx: AppContext, body: UserPasswordResetRequest, ip: string) {
  await guardAddress(ctx, ip);
  try {
    await consumeSmsCode(ctx, body.mobile, 'user_password', body.code);
  } catch (err) {
    await countAddressFailure(ctx, ip);
    throw err;
  }
  const user = await repo.userByMobile(ctx.db.kysely, body.mobile);
  if (!user) throw new AppError(Code.BAD_REQUEST, '该手机号尚未注册，请直接使用手机号验证码登录');
  await repo.setUserPassword(ctx.db.kysely, user.id, await hashPassword(body.new_password, ctx.config.passwordHashCost));
  await clear(ctx.db.kysely, KEYS.userFailures(user.id));
  const revoked = await repo.revokeUserSessions(ctx.db.kysely, user.id, clock.iso());
  announceSessionsEnded(ctx, { userId: user.id });
  ctx.log.info({ userId: user.id, revoked }, 'account password reset by SMS code');
  return { revoked_sessions: revoked };
}

// ---------- account mobile ----------

/** The account behind a session that may change its mobile: a real user with a mobile. */
async function mobileOwner(ctx: AppContext, auth: Auth) {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能更换手机号，请使用手机号或账号登录');
  const user = await repo.userById(ctx.db.kysely, auth.userId);
  if (!user) throw new AppError(Code.UNAUTHORIZED);
  if (!user.mobile) throw new AppError(Code.BAD_REQUEST, '该账号尚未绑定手机号，请联系客服');
  return { ...user, mobile: user.mobile };
}

async function refuseTakenMobile(ctx: AppContext, userId: number, mobile: string, current: string): Promise<void> {
  if (mobile === current) throw new AppError(Code.BAD_REQUEST, '新手机号不能与原手机号相同');
  const other = await repo.userByMobile(ctx.db.kysely, mobile);
  if (other && other.id !== userId) throw new AppError(Code.BAD_REQUEST, '该手机号已被其他账号使用');
}

/** A code to the account's own mobile (the server knows it: the client cannot aim it) or to the new one. */
export async function sendMobileChangeCode(ctx: AppContext, auth: Auth, body: MobileCodeRequest, ip: string) {
  const user = await mobileOwner(ctx, auth);
  const agent = (await repo.agentById(ctx.db.kysely, user.agent_id)) ?? (await defaultAgent(ctx));
  const to = body.target === 'old' ? user.mobile : body.mobile;
  if (body.target === 'new') await refuseTakenMobile(ctx, user.id, body.mobile, user.mobile);
  const sent = await sendSmsCode(ctx, {
    mobile: to,
    purpose: body.target === 'old' ? 'mobile_old' : 'mobile_new',
    ip,
    signature: agent.apply_name,
  });
  return { ...sent, mobile: maskMobile(to) };
}

/**
 * Both codes right, the new number free: the account's mobile changes. The mobile is a way to log
 * in, so every other session ends (this one stays, as after a password change); the old number
 * logs in no more.
 */
export async function changeMobile(ctx: AppContext, auth: Auth, body: ChangeMobileRequest): Promise<ChangeMobileAnswer> {
  const user = await mobileOwner(ctx, auth);
  await refuseTakenMobile(ctx, user.id, body.new_mobile, user.mobile);
  await consumeSmsCode(ctx, user.mobile, 'mobile_old', body.old_code).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(err.code, `原手机号${err.message}`) : err;
  });
  await consumeSmsCode(ctx, body.new_mobile, 'mobile_new', body.new_code).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(err.code, `新手机号${err.message}`) : err;
  });
  if (!(await repo.setUserMobile(ctx.db.kysely, user.id, body.new_mobile)))
    throw new AppError(Code.BAD_REQUEST, '该手机号已被其他账号使用');
  const revoked = await repo.revokeOtherUserSessions(ctx.db.kysely, user.id, auth.sessionId, clock.iso());
  announceSessionsEnded(ctx, { userId: user.id });
  ctx.log.info({ userId: user.id, revoked }, 'account mobile changed');
  return { mobile: body.new_mobile, revoked_sessions: revoked };
}

// ---------- operator: forced logout ----------

/** Signs out every session of the user with this mobile or account. Null when there is no such user. */
export async function forceLogout(ctx: AppContext, who: string): Promise<{ userId: number; revoked: number } | null> {
  const user = await repo.userByMobileOrAccount(ctx.db.kysely, who);
  if (!user) return null;
  const revoked = await repo.revokeUserSessions(ctx.db.kysely, user.id, clock.iso());
  // in this process; the CLI runs in another, where the streams' own re-check ends them
  announceSessionsEnded(ctx, { userId: user.id });
  return { userId: user.id, revoked };
}
