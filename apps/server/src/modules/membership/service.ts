// A member's standing (growth, level, what the next level needs), the rights a card's owner has
// (card info, the package price) and the member page (docs/decisions/0019).
import { Code } from '@portal/contract/codes';
import type { GrowthEntry, MemberAnswer, MemberLevel, MemberRights } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import * as repo from './repo';
import { discountLabel, memberDiscountFen, shownGrowth, standingOf } from './rules';

type LevelRow = Awaited<ReturnType<typeof repo.levelsOf>>[number];
/** What the rules and the answers need of a level row (card info reads only these, with the card). */
export type LevelFacts = Pick<LevelRow, 'level' | 'name' | 'min_growth' | 'package_price_pct' | 'rights'>;

function parseRights(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function toLevel(l: LevelFacts): MemberLevel {
  return {
    level: l.level,
    name: l.name,
    min_growth: l.min_growth,
    package_price_pct: l.package_price_pct,
    discount_label: discountLabel(l.package_price_pct),
    rights: parseRights(l.rights),
  };
}

/** The programme, levels and standing of a user; null when their agent runs no programme. */
async function standingOfUser(db: Executor, userId: number) {
  const user = await repo.userOf(db, userId);
  if (!user) return null;
  const program = await repo.programOf(db, user.agent_id);
  if (!program || program.enabled !== 1) return null;
  const levels = await repo.levelsOf(db, user.agent_id);
  const growth = shownGrowth(await repo.growthOf(db, userId));
  return { user, program, levels, growth, standing: standingOf(growth, levels) };
}

/** What member rights rest on: the user's agent, whether its programme is on, and the user's growth. */
export interface RightsBasis {
  agentId: number;
  enabled: boolean;
  growth: number;
}

/** The level a member stands at among their agent's levels, and their growth; null when the programme is off. */
function levelAmong(basis: RightsBasis | undefined, levels: readonly LevelFacts[]) {
  if (!basis?.enabled) return null;
  const growth = shownGrowth(basis.growth);
  const level = standingOf(growth, levels).current;
  return level ? { level, growth } : null;
}

/** The level an owner stands at, and their growth: two statements (the levels only when the programme is on). */
async function currentLevelOf(db: Executor, userId: number) {
  const basis = await repo.rightsBasisOf(db, userId);
  return basis?.enabled ? levelAmong(basis, await repo.levelsUnorderedOf(db, basis.agentId)) : null;
}

function toRights(current: NonNullable<ReturnType<typeof levelAmong>>): MemberRights {
  const l = toLevel(current.level);
  return {
    level: l.level,
    level_name: l.name,
    growth: current.growth,
    package_price_pct: l.package_price_pct,
    discount_label: l.discount_label,
    rights: l.rights,
  };
}

/**
 * x_member_rights of card info, whose read model has already read the owner's basis and their
 * agent's levels (modules/cards cardInfoRow): undefined = no owner. No statement of its own.
 */
export function memberRightsAmong(basis: RightsBasis | undefined, levels: readonly LevelFacts[]): MemberRights | null {
  const current = levelAmong(basis, levels);
  return current ? toRights(current) : null;
}

/**
 * The member price of a package for this card: its owner's level takes `discount_fen` off.
 * Commerce's pricing asks this for every package quote and order, so the quote shows it and the
 * order is charged it (one price, computed on the server).
 */
export async function memberPackageDiscount(
  db: Executor,
  cardId: number,
  totalFen: number,
): Promise<{ discount_fen: number; level: string } | null> {
  const owner = await repo.ownerOfCard(db, cardId);
  if (!owner) return null;
  const level = (await currentLevelOf(db, owner))?.level;
  if (!level) return null;
  const discount = memberDiscountFen(totalFen, level.package_price_pct);
  return discount > 0 ? { discount_fen: discount, level: level.name } : null;
}

export async function memberInfo(ctx: AppContext, auth: Auth): Promise<MemberAnswer> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不是会员账号，请使用手机号或账号登录后查看会员');
  const db = ctx.db.kysely;
  const s = await standingOfUser(db, auth.userId);
  const user = s?.user ?? (await repo.userOf(db, auth.userId));
  if (!s)
    return {
      enabled: false,
      mobile: user?.mobile ?? '',
      growth: 0,
      level: null,
      next: null,
      needed: 0,
      percent: 0,
      levels: [],
      invite_reward_growth: 0,
      history: [],
    };
  const history = await repo.historyOf(db, auth.userId, 20);
  return {
    enabled: true,
    mobile: s.user.mobile ?? '',
    growth: s.growth,
    level: s.standing.current ? toLevel(s.standing.current) : null,
    next: s.standing.next ? toLevel(s.standing.next) : null,
    needed: s.standing.needed,
    percent: s.standing.percent,
    levels: s.levels.map(toLevel),
    invite_reward_growth: s.program.invite_reward_growth,
    history: history.map((h) => ({
      source: h.source as GrowthEntry['source'],
      amount: h.amount,
      note: h.note,
      created_at: h.created_at,
    })),
  };
}

/** The programme of an agent (for the invite and promotion pages). */
export async function programOfAgent(db: Executor, agentId: number) {
  const p = await repo.programOf(db, agentId);
  return p && p.enabled === 1 ? { invite_reward_growth: p.invite_reward_growth } : null;
}
