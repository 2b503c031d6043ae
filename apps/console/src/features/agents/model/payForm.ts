// 支付's form: the minimum instalment amount in yuan in the field, fen on the wire; each pay type in
// words; and whether the agent's holders would have no way to pay online at all.
import { PAY_TYPE_LABEL, type PaySettingFields } from '@portal/contract/admin';

export interface PayFields extends Omit<PaySettingFields, 'ant_credit_min_money_fen'> {
  ant_credit_min_yuan: number;
  reason: string;
}

/** What each pay type means (docs/spec/portal-spec.md §3 "Pay type"). */
const PAY_TYPE_MEANING: Record<number, string> = {
  0: '按平台配置的收款方式付款（推荐）',
  1: '与默认相同，为旧系统的第二个默认值保留',
  2: '由第三方支付服务商代为收款',
  3: '跳转到小程序内完成付款',
  4: '跳转到支付平台的收银台页面付款',
};

/** The pay types an agent's channels may use, each said in words. */
export const PAY_TYPE = Object.entries(PAY_TYPE_LABEL).map(([value, label]) => ({
  value: Number(value),
  label: `${label}：${PAY_TYPE_MEANING[Number(value)]}`,
}));

/** True when the switches leave the agent's holders no online payment: no recharge, packages by balance only. */
export const noOnlinePayment = (v: Partial<Pick<PaySettingFields, 'wechat_pay' | 'ali_pay' | 'ant_credit_pay'>>): boolean =>
  !v.wechat_pay && !v.ali_pay && !v.ant_credit_pay;

export const NO_PAYMENT_WARNING = '微信支付、支付宝、花呗分期都已关闭：该代理的用户将无法在线付款，不能充值，套餐只能用余额支付。';
