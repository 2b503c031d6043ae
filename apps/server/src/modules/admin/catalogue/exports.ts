// The catalogue's CSV exports (docs/decisions/0018): series, packages, agent prices, coupon
// packages and first-recharge offers are small lists answered whole; voucher batches are walked
// newest first like their list.
import type { FastifyInstance } from 'fastify';
import { PACKAGE_TYPE_NAME } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { listExport, walk, yesNo, yuan } from '../exports/csvExport';
import { listCouponPackages, listOffers, listPackages, listSeries } from './service';
import { listBatches } from './vouchers';

export function catalogueExports(api: FastifyInstance, ctx: AppContext): void {
  const LISTS = [
    listExport({
      name: 'adminExportSeries',
      action: 'series.export',
      file: ['series.csv', '套餐系列.csv'],
      read: async (q, op) => ({ rows: (await listSeries(ctx, op, q)).items }),
      columns: [
        ['编号', (s) => s.id],
        ['代理', (s) => s.agent_name],
        ['系列名称', (s) => s.name],
        ['说明', (s) => s.description],
        ['排序', (s) => s.sort],
        ['套餐数', (s) => s.package_count],
      ],
    }),
    listExport({
      name: 'adminExportPackages',
      action: 'packages.export',
      file: ['packages.csv', '套餐.csv'],
      read: async (q, op) => ({ rows: (await listPackages(ctx, op, q)).items }),
      columns: [
        ['编号', (p) => p.id],
        ['代理', (p) => p.agent_name],
        ['系列', (p) => p.series_name],
        ['套餐名称', (p) => p.name],
        ['类型', (p) => PACKAGE_TYPE_NAME[p.package_type] ?? p.package_type],
        ['周期', (p) => `${p.period_count}${p.period === 1 ? '天' : '个月'}`],
        ['流量(MB)', (p) => p.flow_mb],
        ['零售价(元)', (p) => yuan(p.retail_fen)],
        ['划线价(元)', (p) => yuan(p.original_price_fen)],
        ['可用券', (p) => yesNo(p.voucher_allowed)],
        ['推荐', (p) => yesNo(p.recommended)],
        ['在售', (p) => yesNo(p.on_sale)],
        ['排序', (p) => p.sort],
        ['说明', (p) => p.description],
      ],
    }),
    listExport({
      name: 'adminExportPrices',
      action: 'prices.export',
      file: ['prices.csv', '代理价格.csv'],
      read: async (q, op) => ({ rows: (await listPackages(ctx, op, q)).items }),
      columns: [
        ['代理', (p) => p.agent_name],
        ['系列', (p) => p.series_name],
        ['套餐编号', (p) => p.id],
        ['套餐名称', (p) => p.name],
        ['成本价(元)', (p) => yuan(p.cost_fen)],
        ['零售价(元)', (p) => yuan(p.retail_fen)],
        ['毛利(元)', (p) => yuan(p.margin_fen)],
        ['毛利率(%)', (p) => p.margin_pct ?? ''],
        ['在售', (p) => yesNo(p.on_sale)],
      ],
    }),
    listExport({
      name: 'adminExportCouponPackages',
      action: 'coupon_packages.export',
      file: ['coupon-packages.csv', '优惠券包.csv'],
      read: async (_q, op) => ({ rows: (await listCouponPackages(ctx, op)).items }),
      columns: [
        ['编号', (c) => c.id],
        ['代理', (c) => c.agent_name],
        ['券包名称', (c) => c.name],
        ['售价(元)', (c) => yuan(c.price_fen)],
        ['券', (c) => c.vouchers.map((v) => `${yuan(v.amount_fen)}元(满${yuan(v.min_spend_fen)}元,${v.valid_days}天)`).join('；')],
        ['在售', (c) => yesNo(c.on_sale)],
        ['说明', (c) => c.description],
      ],
    }),
    listExport({
      name: 'adminExportRechargeOffers',
      action: 'recharge_offers.export',
      file: ['recharge-offers.csv', '首充优惠.csv'],
      read: async (_q, op) => ({ rows: (await listOffers(ctx, op)).items }),
      columns: [
        ['代理', (o) => o.agent_name],
        ['首充优惠', (o) => (o.offer ? '有' : '无')],
        ['充值金额(元)', (o) => (o.offer ? yuan(o.offer.amount_fen) : '')],
        ['赠送金额(元)', (o) => (o.offer ? yuan(o.offer.bonus_fen) : '')],
        ['标题', (o) => o.offer?.title ?? ''],
        ['说明', (o) => o.offer?.description ?? ''],
      ],
    }),
    listExport({
      name: 'adminExportVoucherBatches',
      action: 'voucher_batches.export',
      file: ['voucher-batches.csv', '优惠券发放记录.csv'],
      // newest first, keyset on the batch id like the list
      read: (_q, op) =>
        walk(
          async (before, limit) => (await listBatches(ctx, op, { before_id: before, limit })).items,
          (b) => b.id,
          200,
        ),
      columns: [
        ['批次', (b) => b.id],
        ['券名称', (b) => b.name],
        ['面额(元)', (b) => yuan(b.amount_fen)],
        ['门槛(元)', (b) => yuan(b.min_spend_fen)],
        ['有效天数', (b) => b.valid_days],
        ['发放对象', (b) => b.target],
        ['卡数', (b) => b.card_count],
        ['原因', (b) => b.reason],
        ['操作员', (b) => b.operator_username],
        ['发放时间', (b) => b.created_at],
      ],
    }),
  ];
  for (const serve of LISTS) serve(api, ctx);
}
