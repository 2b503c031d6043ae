// New-user registration (/bind_user) and the promotion page (/popularize) — docs/decisions/0019.
// Registration: every check that can refuse runs before anything is written (the agent, the
// limits, the invite code, the card and its password, the SMS code, the mobile); then one
// transaction creates the user and the invitation, and the card is bound through the cards
// module's own bind. Bad input writes nothing.
import { Code } from '@portal/contract/codes';
import { CardState, DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import type { InviteCheckAnswer, PopularizeAnswer, RegisterAnswer } from '@portal/contract';
import type { BodyOf, QueryOf } from '@portal/contract/endpoints';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { hit, minutesOf } from '../../lib/throttle';
import { consumeSmsCode, createRegisteredUser, proveCardPassword, sessionOfNewUser, userWithMobile, type Auth } from '../auth';
import { cardRecord } from '../cardRecord';
import { toPackage } from '../commerce';
import { bindCard, CARD_PASSWORD_NEEDED, cardNamed, cardOwner } from '../cards';
import { checkCode, inviterFor, maskMobile, recordInvite } from '../invites';
import { programOfAgent } from '../membership';
import * as repo from './repo';

/** Registrations from one client address per hour (carrier NAT shares addresses: not too tight). */
export const REGISTER_PER_ADDRESS = { limit: 10, windowMs: 3600_000 };
/** Registrations of one mobile per hour: a typo is retried, a script is stopped. */
export const REGISTER_PER_MOBILE = { limit: 5, windowMs: 3600_000 };

async function agentOf(ctx: AppContext, mark: string | undefined) {
  const agent = await repo.agentOfMark(ctx.db.kysely, mark || DEFAULT_AGENT_MARK);
  if (!agent) throw new AppError(Code.NOT_FOUND, '未找到该品牌，请检查链接是否正确');
  return agent;
}

async function limit(ctx: AppContext, key: string, rule: { limit: number; windowMs: number }): Promise<void> {
  const t = await hit(ctx.db.kysely, key, rule);
  if (!t.allowed) throw new AppError(Code.RATE_LIMITED, `注册过于频繁，请${minutesOf(t.retryAfterMs)}分钟后再试`);
}

/** The card to bind: it exists, is not cancelled, is free, and the password (if it has one) is right. */
/**
 * The card to bind at registration, proven like any bind (docs/decisions/0028): its card password,
 * under the per-card and per-address limits, and no word about the card before the proof passes.
 */
async function checkCard(ctx: AppContext, customNum: string, password: string | undefined, ip: string) {
  if (!password) throw new AppError(Code.CARD_PASSWORD_REQUIRED, CARD_PASSWORD_NEEDED);
  const card = await cardNamed(ctx, customNum);
  await proveCardPassword(ctx, { ip }, customNum, card, password, (id, newHash, oldHash) =>
    cardRecord.replacePasswordHash(ctx.db.kysely, id, oldHash, newHash),
  );
  if (card!.state === CardState.Cancelled) throw new AppError(Code.BAD_REQUEST, '该卡已销户，无法绑定，如有疑问请联系客服');
  if (await cardOwner(ctx.db.kysely, card!.id)) throw new AppError(Code.CARD_ALREADY_BOUND, '该卡已被其他用户绑定，请核对卡号，或先不绑卡');
}

export async function register(ctx: AppContext, body: BodyOf<'registerUser'>, ip: string): Promise<RegisterAnswer> {
  const agent = await agentOf(ctx, body.mark);
  await limit(ctx, `register:address:${ip}`, REGISTER_PER_ADDRESS);
  await limit(ctx, `register:mobile:${body.mobile}`, REGISTER_PER_MOBILE);
  const invite = body.invite_code ? await inviterFor(ctx.db.kysely, body.invite_code, agent.id) : null;
  if (invite && !invite.inviter) throw new AppError(Code.BAD_REQUEST, invite.reason);
  if (body.custom_num) await checkCard(ctx, body.custom_num, body.card_password, ip);
  await consumeSmsCode(ctx, body.mobile, 'register', body.code);
  const taken = new AppError(Code.BAD_REQUEST, '该手机号已注册，请直接登录（可用验证码登录）');
  if (await userWithMobile(ctx.db.kysely, body.mobile)) throw taken;

  const passwordHash = await hashPassword(body.password, ctx.config.passwordHashCost);
  const at = clock.iso();
  const made = await ctx.db.kysely.transaction().execute(async (trx) => {
    const userId = await createRegisteredUser(trx, { mobile: body.mobile, agentId: agent.id, passwordHash, at });
    if (userId === null) return null;
    const invited = invite?.inviter ? await recordInvite(trx, invite.inviter.user_id, userId, agent.id, at) : false;
    return { userId, invited };
  });
  if (!made) throw taken;
  ctx.log.info({ userId: made.userId, agentId: agent.id, invited: made.invited }, 'new user registered');

  const auth: Auth = { sessionId: 0, userId: made.userId, customNum: '', loginModel: 'mobile', mark: agent.mark };
  let customNum = '';
  if (body.custom_num) {
    try {
      customNum = (await bindCard(ctx, auth, body.custom_num, body.card_password, ip)).card.custom_num;
    } catch (err) {
      // checked above; only a race (someone bound it meanwhile) gets here: the user exists, the
      // page says the card was not bound and /bind_card is one tap away
      ctx.log.warn({ err, userId: made.userId }, 'card bind at registration failed');
    }
  }
  const session = await sessionOfNewUser(ctx, made.userId, agent.mark);
  return {
    token: session.token,
    user_id: made.userId,
    mobile: body.mobile,
    expires_at: session.expiresAt,
    custom_num: customNum,
    invited: made.invited,
  };
}

export async function inviteCheck(ctx: AppContext, q: QueryOf<'inviteCheck'>): Promise<InviteCheckAnswer> {
  const agent = await agentOf(ctx, q.mark);
  return checkCode(ctx, q.code, agent.id);
}

/** How many packages of each series the page features. */
const FEATURED_PER_SERIES = 3;

export async function popularize(ctx: AppContext, q: QueryOf<'popularize'>): Promise<PopularizeAnswer> {
  const agent = await agentOf(ctx, q.mark);
  const db = ctx.db.kysely;
  const [series, packages, program] = await Promise.all([
    repo.seriesOf(db, agent.id),
    repo.packagesOfAgent(db, agent.id),
    programOfAgent(db, agent.id),
  ]);
  const invite = q.invite ? await inviterFor(db, q.invite, agent.id) : null;
  return {
    mark: agent.mark,
    name: agent.apply_name,
    company: agent.enterprise_name,
    logo: agent.logo,
    hotline: agent.hotline,
    series: series
      .map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        packages: packages
          .filter((p) => p.series_id === s.id)
          .sort((a, b) => b.recommended - a.recommended || a.sort - b.sort || a.id - b.id)
          .slice(0, FEATURED_PER_SERIES)
          .map(toPackage),
      }))
      .filter((s) => s.packages.length > 0),
    inviter: invite?.inviter ? maskMobile(invite.inviter.mobile) : '',
    invite_code: invite?.inviter && q.invite ? q.invite : '',
    member_enabled: program !== null,
    invite_reward_growth: program?.invite_reward_growth ?? 0,
  };
}
