// Sub-agents (docs/decisions/0067-agents-in-levels.md): an agent's administrator (or the platform)
// creates an agent under one of its subtree — 总代理 → 代理 → 分销, three levels at most — which
// starts with its parent's branding and may get its administrator login at once; and the parent
// sets what the sub-agent pays per package (an amount, or the share of the parent's margin it keeps),
// never below the parent's own cost nor above retail. A sub-agent never sets its own terms.
import type { AdminAnswerOf, AdminBodyOf, NewSubAgent } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { FULL_SHARE_BP, LEVEL_NAMES, subAgentCostProblem, subAgentDepthProblem } from '@portal/domain/commissionLevels';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { newAgentRow } from '../../../db/newAgent';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import { insertAgent, updateAgent } from '../../branding';
import { upsertPaySetting } from '../../commerce';
import { commissionTermsOf, setPackageCostIn } from '../../commissions';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';
import { operatorByUsername } from '../auth/repo';
import { createIn } from '../operators/service';
import * as repo from './repo';
import { brandingOf } from './service';

type Terms = AdminAnswerOf<'adminSubAgentTerms'>;
const bad = (message: string) => new AppError(Code.BAD_REQUEST, message);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** The new agent's administrator password, hashed before any transaction opens (scrypt is slow). */
export async function hashedAdmin(ctx: AppContext, n: NewSubAgent): Promise<HashedAdmin | null> {
  return n.admin ? { ...n.admin, password_hash: await hashPassword(n.admin.password, ctx.config.passwordHashCost) } : null;
}
export type HashedAdmin = { username: string; display_name: string; password_hash: string };

/**
 * THE writer of a sub-agent, inside the caller's transaction: 新建下级代理 and an approved /agent
 * application (under the inviting agent) both come here. The parent must be in the operator's
 * subtree and above the last level; the sub-agent starts as its parent's brand (the holders see the
 * same portal) and payment setting, and its administrator login is made at once when asked.
 * Answers the new agent's id.
 */
export async function createSubAgentIn(
  trx: Executor,
  op: AdminActor,
  parentId: number,
  n: NewSubAgent,
  admin: HashedAdmin | null,
  reason: string,
): Promise<number> {
  const parent = await repo.agentById(trx, parentId);
  assertInScope(op, parent?.id);
  const p = parent!;
  const tooDeep = subAgentDepthProblem(p.level);
  if (tooDeep) throw bad(tooDeep);
  if (await repo.agentByMark(trx, n.mark)) throw bad('该代理标识已被使用');
  if (admin && (await operatorByUsername(trx, admin.username))) throw bad('管理员用户名已被使用');
  // its own administrator — or the parent — may change the branding afterwards
  const id = await insertAgent(
    trx,
    newAgentRow(n.mark, n.nickname, clock.iso(), {
      ...brandingOf(p),
      nickname: n.nickname,
      open_customer: p.open_customer,
      agent_form: p.agent_form,
      product_form: p.product_form,
      open_balance_recharge: p.open_balance_recharge,
      card_login: p.card_login,
      open_market: p.open_market,
      coupon_goods: p.coupon_goods,
      refund_request_days: p.refund_request_days,
      affiliated_official_account: p.affiliated_official_account,
      parent_id: p.id,
      level: p.level + 1,
      share_bp: n.share_bp,
    }),
  );
  // the payment channels are the platform's merchant contracts, offered as to the parent
  const pay = await repo.paySettingOf(trx, p.id);
  if (pay) await upsertPaySetting(trx, { ...pay, agent_id: id });
  await recordAudit(trx, op, {
    action: 'agent.sub_created',
    target: { type: 'agent', id },
    reason,
    after: { mark: n.mark, nickname: n.nickname, parent_id: p.id, agent_level: p.level + 1, share_bp: n.share_bp },
  });
  if (admin)
    await createIn(
      trx,
      op,
      {
        username: admin.username,
        display_name: admin.display_name,
        role: 'agent_admin',
        agent_id: id,
        password_hash: admin.password_hash,
        reason,
      },
      null,
    );
  return id;
}

/** A mark or username taken by a concurrent creation, said as the checks above say it. */
export function explainTaken(err: unknown): unknown {
  return isUniqueViolation(err) ? bad('该代理标识或管理员用户名已被使用') : err;
}

/** 新建下级代理: a new agent under `parent_id`. */
export async function createSubAgent(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminSubAgentCreate'>) {
  const admin = await hashedAdmin(ctx, b);
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const id = await createSubAgentIn(trx, op, b.parent_id, b, admin, b.reason);
      const row = (await repo.listAgents(trx, [id]))[0]!;
      return { ...row, card_count: Number(row.card_count ?? 0) };
    });
  } catch (err) {
    throw explainTaken(err);
  }
}

/**
 * The sub-agent whose terms the operator may read: in its subtree and below the top. May it change
 * them? Only its parent's side: the platform, or an administrator of an agent above it — never the
 * sub-agent's own administrator (nobody sets their own price).
 */
async function subAgentFor(db: Executor, op: AdminActor, id: number) {
  const a = await repo.agentById(db, id);
  assertInScope(op, a?.id);
  if (a!.parent_id === null) throw bad('总代理的成本价由平台在套餐中设置');
  const scope = agentFilter(op);
  const canEdit = scope === null || (scope.includes(a!.parent_id) && op.agentId !== a!.id);
  return { agent: a!, canEdit };
}

async function termsOf(db: Executor, op: AdminActor, id: number): Promise<Terms> {
  const { agent, canEdit } = await subAgentFor(db, op, id);
  const parent = (await repo.agentById(db, agent.parent_id!))!;
  const t = await commissionTermsOf(db, agent.id);
  const packages = await repo.packagesOfChain(
    db,
    t.chain.map((c) => c.id),
  );
  return {
    id: agent.id,
    nickname: agent.nickname,
    level: agent.level,
    level_label: LEVEL_NAMES[agent.level] ?? `${agent.level} 级`,
    parent: { id: parent.id, nickname: parent.nickname },
    share_bp: agent.share_bp,
    can_edit: canEdit,
    packages: packages.map((p) => {
      const costs = t.costsFor({ cost_fen: p.cost_fen, price_fen: p.price_fen }, p.id);
      return {
        package_id: p.id,
        name: p.name,
        series_name: p.series_name,
        retail_fen: p.price_fen,
        parent_cost_fen: costs[costs.length - 2]!,
        set_cost_fen: t.setCost(agent.id, p.id),
        cost_fen: costs[costs.length - 1]!,
      };
    }),
  };
}

export async function subAgentTerms(ctx: AppContext, op: AdminActor, id: number): Promise<Terms> {
  return termsOf(ctx.db.kysely, op, id);
}

export async function saveSubAgentTerms(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminSubAgentTermsSave'>): Promise<Terms> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await termsOf(trx, op, b.id);
    if (!before.can_edit) throw new AppError(Code.FORBIDDEN, '下级代理的分成与成本价由其上级设置');
    if (b.share_bp < 0 || b.share_bp > FULL_SHARE_BP) throw bad('分成比例须为 0%–100%');
    const byId = new Map(before.packages.map((p) => [p.package_id, p]));
    const changed: { package_id: number; name: string; before: number | null; after: number | null }[] = [];
    // every row is checked before any is written: one bad cost writes nothing
    for (const c of b.costs) {
      const p = byId.get(c.package_id);
      if (!p) throw bad(`套餐 ${c.package_id} 不在该代理可售范围内`);
      if (c.cost_fen !== null) {
        const problem = subAgentCostProblem(c.cost_fen, p.parent_cost_fen, p.retail_fen);
        if (problem) throw bad(`${p.name}：${problem}`);
      }
      if (c.cost_fen !== p.set_cost_fen)
        changed.push({ package_id: p.package_id, name: p.name, before: p.set_cost_fen, after: c.cost_fen });
    }
    const now = clock.iso();
    for (const c of changed) await setPackageCostIn(trx, b.id, c.package_id, c.after, now);
    if (b.share_bp !== before.share_bp) await updateAgent(trx, b.id, { share_bp: b.share_bp });
    const after = await termsOf(trx, op, b.id);
    await recordAudit(trx, op, {
      action: 'agent.terms_changed',
      target: { type: 'agent', id: b.id },
      reason: b.reason,
      before: { share_bp: before.share_bp, costs: changed.map((c) => ({ package: c.name, cost_fen: c.before })) },
      after: { share_bp: after.share_bp, costs: changed.map((c) => ({ package: c.name, cost_fen: c.after })) },
    });
    return after;
  });
}
