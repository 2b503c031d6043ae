// Branding per agent (docs/spec/portal-spec.md §3 "Branding configuration"). Configured URLs are
// rendered as links and images by the client, so every one of them goes through safeUrl.
import { Code } from '@portal/contract/codes';
import type { Branding, BrandingFull } from '@portal/contract';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { externalChatUrl, safeUrl } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Agent } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { accessibleCard } from '../cardRecord';
import * as repo from './repo';

function toBranding(a: Agent): Branding {
  return {
    mark: a.mark,
    app_url: safeUrl(a.app_url),
    ios_url: safeUrl(a.ios_url),
    h5_url: safeUrl(a.h5_url),
    apply_name: a.apply_name,
    enterprise_name: a.enterprise_name,
    contact_email: a.contact_email,
    // an external chat service only over https; otherwise the built-in 在线咨询 (docs/decisions/0034)
    customer_url: externalChatUrl(a.customer_url),
    guide_qrcode: safeUrl(a.guide_qrcode),
    official_account_qrcode: safeUrl(a.official_account_qrcode),
    open_type: a.open_type,
    open_customer: a.open_customer === 1,
    agent_form: a.agent_form === 1,
    product_form: a.product_form === 1,
    open_balance_recharge: a.open_balance_recharge === 1,
    card_login: a.card_login === 1,
    open_market: a.open_market === 1,
    hotline: a.hotline,
    service_hours: a.service_hours,
    logo: safeUrl(a.logo),
  };
}

function toBrandingFull(a: Agent): BrandingFull {
  return { ...toBranding(a), coupon_goods: a.coupon_goods === 1 };
}

/** No login: the login page brands itself by the mark of its link. */
export async function brandingByMark(ctx: AppContext, mark: string | undefined): Promise<Branding> {
  const agent = await repo.agentByMark(ctx.db.kysely, mark || DEFAULT_AGENT_MARK);
  if (!agent) throw new AppError(Code.NOT_FOUND, '未找到该品牌，请检查链接是否正确');
  return toBranding(agent);
}

/** Logged in: the branding of the agent the card belongs to. */
export async function brandingOfCard(ctx: AppContext, auth: Auth, customNum: string): Promise<BrandingFull> {
  const card = await accessibleCard(ctx, auth, customNum);
  const agent = await repo.agentById(ctx.db.kysely, card.agent_id);
  if (!agent) throw new Error(`card ${card.id} has no agent`);
  return toBrandingFull(agent);
}
