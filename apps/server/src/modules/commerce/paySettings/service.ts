import type { PaySetting } from '@portal/contract';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import * as repo from './repo';

/** docs/spec/portal-spec.md §9: an agent without a setting has every channel off, types 0, minimum 0. */
const DEFAULT_PAY_SETTING: PaySetting = {
  ali_pay: false,
  ali_pay_type: 0,
  ant_credit_pay: false,
  ant_credit_min_money: 0,
  wechat_pay: false,
  wechat_pay_type: 0,
  official_pay_type: 0,
};

/** The payment setting of the agent the card belongs to. */
export async function paySettingFor(ctx: AppContext, auth: Auth, customNum: string): Promise<PaySetting> {
  const card = await accessibleCard(ctx, auth, customNum);
  const row = await repo.paySettingOfAgent(ctx.db.kysely, card.agent_id);
  if (!row) return { ...DEFAULT_PAY_SETTING };
  return {
    ali_pay: row.ali_pay === 1,
    ali_pay_type: row.ali_pay_type,
    ant_credit_pay: row.ant_credit_pay === 1,
    ant_credit_min_money: fenToYuan(row.ant_credit_min_money_fen),
    wechat_pay: row.wechat_pay === 1,
    wechat_pay_type: row.wechat_pay_type,
    official_pay_type: row.official_pay_type,
  };
}
