// 优惠券包's form: yuan in the fields, fen on the wire; a new coupon package starts with one 5 元 voucher.
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { yuan } from '../../../lib/format';
import { toFen, toYuan } from '../../../lib/zodRule';

type CouponPackage = AdminAnswerOf<'adminCouponPackageList'>['items'][number];

export interface CouponFields {
  agent_id: number;
  name: string;
  price: number;
  description?: string;
  on_sale: boolean;
  vouchers: { amount: number; min_spend: number; valid_days: number; package_types?: number[] }[];
  reason: string;
}

/** A voucher added to the form. */
export const NEW_VOUCHER = { amount: 5, min_spend: 0, valid_days: 30 };

export function couponBody(id: number | undefined, v: CouponFields): AdminInputOf<'adminCouponPackageSave'> {
  return {
    ...(id ? { id } : {}),
    agent_id: v.agent_id,
    name: v.name,
    price_fen: toFen(v.price),
    description: v.description ?? '',
    on_sale: v.on_sale,
    vouchers: (v.vouchers ?? []).map((x) => ({
      amount_fen: toFen(x.amount),
      min_spend_fen: toFen(x.min_spend),
      valid_days: x.valid_days,
      package_types: x.package_types ?? [],
    })),
    reason: v.reason,
  };
}

export function couponInitial(value: Partial<CouponPackage>): object {
  return value.id
    ? {
        ...value,
        price: toYuan(value.price_fen!),
        vouchers: value.vouchers!.map((x) => ({
          amount: toYuan(x.amount_fen),
          min_spend: toYuan(x.min_spend_fen),
          valid_days: x.valid_days,
          package_types: x.package_types,
        })),
      }
    : { on_sale: true, price: 0, vouchers: [{ ...NEW_VOUCHER }] };
}

/** 内含券: ¥5.00（满¥0.00，30天）、… */
export const vouchersLabel = (vs: CouponPackage['vouchers']) =>
  vs.map((v) => `${yuan(v.amount_fen)}（满${yuan(v.min_spend_fen)}，${v.valid_days}天）`).join('、');
