// Agents, branding, feature switches and payment setting, as the console edits them. Every change
// writes the columns the portal already reads (modules/branding, commerce/paySettings) and its
// audit row (before/after, reason) in one transaction.
import { randomBytes } from 'node:crypto';
import type { AdminAnswerOf, BrandingFields, FeatureSwitches, PaySettingFields } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { newAgentRow } from '../../../db/newAgent';
import type { Agent } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { insertAgent, updateAgent } from '../../branding';
import { upsertPaySetting } from '../../commerce';
import { imageTypeOf } from '../../upload';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { can } from '../access/permissions';
import { recordAudit } from '../audit';
import * as repo from './repo';

type Detail = AdminAnswerOf<'adminAgentGet'>;

/** docs/spec/portal-spec.md §9: an agent without a setting has every channel off. */
const NO_PAY: PaySettingFields = {
  ali_pay: false,
  ali_pay_type: 0,
  ant_credit_pay: false,
  ant_credit_min_money_fen: 0,
  wechat_pay: false,
  wechat_pay_type: 0,
  official_pay_type: 0,
};

export const IMAGE_PATH = '/api/admin/public/branding-image/';

export function brandingOf(a: Agent): BrandingFields {
  return {
    nickname: a.nickname,
    apply_name: a.apply_name,
    enterprise_name: a.enterprise_name,
    contact_email: a.contact_email,
    hotline: a.hotline,
    service_hours: a.service_hours,
    customer_url: a.customer_url,
    app_url: a.app_url,
    ios_url: a.ios_url,
    h5_url: a.h5_url,
    logo: a.logo,
    guide_qrcode: a.guide_qrcode,
    official_account_qrcode: a.official_account_qrcode,
    open_type: a.open_type,
    open_customer: a.open_customer === 1,
  };
}

export function featuresOf(a: Agent): FeatureSwitches {
  return {
    agent_form: a.agent_form === 1,
    product_form: a.product_form === 1,
    open_balance_recharge: a.open_balance_recharge === 1,
    card_login: a.card_login === 1,
    open_market: a.open_market === 1,
    coupon_goods: a.coupon_goods === 1,
    refund_request_days: a.refund_request_days,
  };
}

async function payOf(db: Executor, agentId: number): Promise<PaySettingFields> {
  const r = await repo.paySettingOf(db, agentId);
  if (!r) return { ...NO_PAY };
  return {
    ali_pay: r.ali_pay === 1,
    ali_pay_type: r.ali_pay_type,
    ant_credit_pay: r.ant_credit_pay === 1,
    ant_credit_min_money_fen: r.ant_credit_min_money_fen,
    wechat_pay: r.wechat_pay === 1,
    wechat_pay_type: r.wechat_pay_type,
    official_pay_type: r.official_pay_type,
  };
}

const bit = (b: boolean) => (b ? 1 : 0);

/** The agent, if the operator may see it; another agent's answers "not found". */
async function scopedAgent(db: Executor, op: AdminActor, id: number): Promise<Agent> {
  const a = await repo.agentById(db, id);
  assertInScope(op, a?.id);
  return a!;
}

async function detail(db: Executor, op: AdminActor, a: Agent): Promise<Detail> {
  return {
    id: a.id,
    mark: a.mark,
    created_at: a.created_at,
    branding: brandingOf(a),
    features: featuresOf(a),
    pay: await payOf(db, a.id),
    can_edit_pay: can(op.role, 'paySettings.manage'),
    preview_path: `/login?mark=${encodeURIComponent(a.mark)}`,
    parent_id: a.parent_id,
    level: a.level,
  };
}

export async function listAgents(ctx: AppContext, op: AdminActor) {
  const rows = await repo.listAgents(ctx.db.kysely, agentFilter(op));
  return { items: rows.map((r) => ({ ...r, card_count: Number(r.card_count ?? 0) })) };
}

export async function getAgent(ctx: AppContext, op: AdminActor, id: number): Promise<Detail> {
  const db = ctx.db.kysely;
  return detail(db, op, await scopedAgent(db, op, id));
}

export async function createAgent(
  ctx: AppContext,
  op: AdminActor,
  input: { mark: string; nickname: string; reason: string },
): Promise<Detail> {
  const db = ctx.db.kysely;
  return db.transaction().execute(async (trx) => {
    if (await repo.agentByMark(trx, input.mark)) throw new AppError(Code.BAD_REQUEST, '该代理标识已被使用');
    const id = await insertAgent(trx, newAgentRow(input.mark, input.nickname, clock.iso()));
    const a = (await repo.agentById(trx, id))!;
    await recordAudit(trx, op, {
      action: 'agent.created',
      target: { type: 'agent', id },
      reason: input.reason,
      after: { mark: a.mark, nickname: a.nickname },
    });
    return detail(trx, op, a);
  });
}

export async function saveBranding(ctx: AppContext, op: AdminActor, id: number, b: BrandingFields, reason: string): Promise<Detail> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await scopedAgent(trx, op, id);
    await updateAgent(trx, id, { ...b, open_customer: bit(b.open_customer) });
    const after = (await repo.agentById(trx, id))!;
    await recordAudit(trx, op, {
      action: 'agent.branding_changed',
      target: { type: 'agent', id },
      reason,
      before: brandingOf(before),
      after: brandingOf(after),
    });
    return detail(trx, op, after);
  });
}

export async function saveFeatures(ctx: AppContext, op: AdminActor, id: number, f: FeatureSwitches, reason: string): Promise<Detail> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await scopedAgent(trx, op, id);
    await updateAgent(trx, id, {
      agent_form: bit(f.agent_form),
      product_form: bit(f.product_form),
      open_balance_recharge: bit(f.open_balance_recharge),
      card_login: bit(f.card_login),
      open_market: bit(f.open_market),
      coupon_goods: bit(f.coupon_goods),
      ...(f.refund_request_days !== undefined ? { refund_request_days: f.refund_request_days } : {}),
    });
    const after = (await repo.agentById(trx, id))!;
    await recordAudit(trx, op, {
      action: 'agent.features_changed',
      target: { type: 'agent', id },
      reason,
      before: featuresOf(before),
      after: featuresOf(after),
    });
    return detail(trx, op, after);
  });
}

export async function savePay(ctx: AppContext, op: AdminActor, id: number, p: PaySettingFields, reason: string): Promise<Detail> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const agent = await scopedAgent(trx, op, id);
    const before = await payOf(trx, id);
    await upsertPaySetting(trx, {
      agent_id: id,
      ali_pay: bit(p.ali_pay),
      ali_pay_type: p.ali_pay_type,
      ant_credit_pay: bit(p.ant_credit_pay),
      ant_credit_min_money_fen: p.ant_credit_min_money_fen,
      wechat_pay: bit(p.wechat_pay),
      wechat_pay_type: p.wechat_pay_type,
      official_pay_type: p.official_pay_type,
    });
    await recordAudit(trx, op, { action: 'agent.pay_changed', target: { type: 'agent', id }, reason, before, after: await payOf(trx, id) });
    return detail(trx, op, agent);
  });
}

/**
 * A logo or QR code: the content decides (magic bytes, like every upload), the parser cut it at
 * 5 MB. Answers the same-site URL the portal shows; it takes effect when the branding is saved.
 */
export async function uploadImage(ctx: AppContext, op: AdminActor, agentId: number, content: Buffer): Promise<{ url: string }> {
  const db = ctx.db.kysely;
  await scopedAgent(db, op, agentId);
  const mime = imageTypeOf(content);
  if (!mime) throw new AppError(Code.UPLOAD_NOT_IMAGE);
  const id = randomBytes(18).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await repo.insertImage(trx, { id, agent_id: agentId, mime, size: content.length, content, created_at: clock.iso() });
    await recordAudit(trx, op, {
      action: 'agent.image_uploaded',
      target: { type: 'agent', id: agentId },
      after: { image: id, mime, size: content.length },
    });
  });
  return { url: IMAGE_PATH + id };
}

export async function readImage(ctx: AppContext, id: string) {
  const row = await repo.imageById(ctx.db.kysely, id);
  if (!row) throw new AppError(Code.UPLOAD_NOT_FOUND);
  return row;
}
