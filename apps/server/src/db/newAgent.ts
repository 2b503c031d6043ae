// The row every new agent starts from — the demo seed's, the console's 新建代理, a sub-agent's
// (created by its parent or approved from an /agent application). One place, so that a column
// added to `agents` gets its starting value once.
import type { NewAgent } from './schema';

/**
 * An agent with everything off and empty but its mark and name: no customer service link, no
 * forms, no balance top-up, no payee. Card login stays offered until the agent says otherwise (the
 * portal's default too). `o` sets what the caller knows (a parent's branding, the demo's).
 */
export function newAgentRow(mark: string, nickname: string, createdAt: string, o: Partial<NewAgent> = {}): NewAgent {
  return {
    mark,
    nickname,
    username: mark,
    apply_name: nickname,
    enterprise_name: '',
    contact_email: '',
    customer_url: '',
    app_url: '',
    h5_url: '',
    guide_qrcode: '',
    official_account_qrcode: '',
    logo: '',
    hotline: '',
    service_hours: '',
    open_type: 0,
    open_customer: 0,
    agent_form: 0,
    product_form: 0,
    open_balance_recharge: 0,
    card_login: 1,
    open_market: 0,
    coupon_goods: 0,
    payee: '',
    withdrawal_method: 0,
    withdrawal_account: '',
    is_agent: 1,
    affiliated_official_account: '',
    created_at: createdAt,
    ...o,
  };
}
