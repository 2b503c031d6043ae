// 支付's form: the minimum instalment amount in yuan in the field, fen on the wire.
import type { PaySettingFields } from '@portal/contract/admin';

export interface PayFields extends Omit<PaySettingFields, 'ant_credit_min_money_fen'> {
  ant_credit_min_yuan: number;
  reason: string;
}

/** The pay types an agent's channels may use. */
export const PAY_TYPE = [
  { value: 0, label: '默认（0）' },
  { value: 1, label: '默认（1）' },
  { value: 2, label: '第三方代收' },
  { value: 3, label: '原生小程序' },
  { value: 4, label: '收银台' },
];
