// 套餐's form: yuan in the fields, fen on the wire; a new package's defaults.
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { toFen, toYuan } from '../../../lib/zodRule';

type Package = AdminAnswerOf<'adminPackageList'>['items'][number];

export interface PackageFields {
  series_id: number;
  name: string;
  package_type: number;
  period: 1 | 2;
  period_count: number;
  flow_mb: number;
  cost: number;
  retail: number;
  original: number;
  description?: string;
  voucher_allowed: boolean;
  recommended: boolean;
  on_sale: boolean;
  sort: number;
  reason: string;
  /** 价格无误: shown once the server said the price is far from the series' others */
  price_confirmed?: boolean;
}

/** What 保存 sends: the row's id when it exists, the prices in fen. */
export function packageBody(id: number | undefined, v: PackageFields): AdminInputOf<'adminPackageSave'> {
  return {
    ...(id ? { id } : {}),
    series_id: v.series_id,
    name: v.name,
    package_type: v.package_type,
    period: v.period,
    period_count: v.period_count,
    flow_mb: v.flow_mb,
    cost_fen: toFen(v.cost),
    retail_fen: toFen(v.retail),
    original_price_fen: toFen(v.original),
    description: v.description ?? '',
    voucher_allowed: v.voucher_allowed,
    recommended: v.recommended,
    on_sale: v.on_sale,
    sort: v.sort,
    reason: v.reason,
    ...(v.price_confirmed ? { price_confirmed: true } : {}),
  };
}

/** The form's first values: the row's own (prices in yuan), or a new package's defaults. */
export function packageInitial(value: Partial<Package>): object {
  return value.id
    ? { ...value, cost: toYuan(value.cost_fen!), retail: toYuan(value.retail_fen!), original: toYuan(value.original_price_fen!) }
    : {
        package_type: 3,
        period: 2,
        period_count: 1,
        flow_mb: 1024,
        cost: 0,
        retail: 0,
        original: 0,
        voucher_allowed: true,
        recommended: false,
        on_sale: true,
        sort: 0,
      };
}

/** 流量: 1024 MB and up in GB. */
export const flowLabel = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);
/** 周期: 7 天, 1 个月. */
export const periodLabel = (p: { period: number; period_count: number }) => `${p.period_count} ${p.period === 1 ? '天' : '个月'}`;
