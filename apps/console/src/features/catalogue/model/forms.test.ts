import { describe, expect, it } from 'vitest';
import { couponBody, couponInitial, vouchersLabel } from './couponForm';
import { offerBody, offerInitial } from './offerForm';
import { flowLabel, packageBody, packageInitial, periodLabel, type PackageFields } from './packageForm';

const pkg: PackageFields = {
  series_id: 3,
  name: '月享 10G',
  package_type: 3,
  period: 2,
  period_count: 1,
  flow_mb: 10240,
  cost: 19.9,
  retail: 29.9,
  original: 39,
  voucher_allowed: true,
  recommended: false,
  on_sale: true,
  sort: 0,
  reason: '上新',
};

describe('packageForm', () => {
  it('sends fen, the id only when the row exists, an empty description when none', () => {
    const body = packageBody(undefined, pkg);
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ cost_fen: 1990, retail_fen: 2990, original_price_fen: 3900, description: '' });
    expect(packageBody(12, pkg)).toMatchObject({ id: 12 });
  });

  it('starts a row from its own prices in yuan, a new one from the defaults', () => {
    expect(packageInitial({ id: 5, cost_fen: 1990, retail_fen: 2990, original_price_fen: 0 })).toMatchObject({
      cost: 19.9,
      retail: 29.9,
      original: 0,
    });
    expect(packageInitial({})).toMatchObject({ package_type: 3, period: 2, period_count: 1, flow_mb: 1024, on_sale: true });
  });

  it.each([
    [512, '512 MB'],
    [1024, '1 GB'],
    [10240, '10 GB'],
  ])('流量 %i MB → %s', (mb, label) => expect(flowLabel(mb)).toBe(label));

  it('周期 in days or months', () => {
    expect(periodLabel({ period: 1, period_count: 7 })).toBe('7 天');
    expect(periodLabel({ period: 2, period_count: 12 })).toBe('12 个月');
  });
});

describe('couponForm', () => {
  it('sends each voucher in fen with its package types (none: all)', () => {
    const body = couponBody(undefined, {
      agent_id: 1,
      name: '新人券包',
      price: 9.9,
      on_sale: true,
      vouchers: [
        { amount: 5, min_spend: 0, valid_days: 30 },
        { amount: 10, min_spend: 50, valid_days: 60, package_types: [3] },
      ],
      reason: '上新',
    });
    expect(body).toMatchObject({ price_fen: 990, description: '' });
    expect(body.vouchers).toEqual([
      { amount_fen: 500, min_spend_fen: 0, valid_days: 30, package_types: [] },
      { amount_fen: 1000, min_spend_fen: 5000, valid_days: 60, package_types: [3] },
    ]);
  });

  it('a new coupon package starts with one 5 元 voucher; a row from its own, in yuan', () => {
    expect(couponInitial({})).toEqual({ on_sale: true, price: 0, vouchers: [{ amount: 5, min_spend: 0, valid_days: 30 }] });
    expect(
      couponInitial({ id: 2, price_fen: 990, vouchers: [{ amount_fen: 500, min_spend_fen: 2000, valid_days: 30, package_types: [] }] }),
    ).toMatchObject({ price: 9.9, vouchers: [{ amount: 5, min_spend: 20, valid_days: 30, package_types: [] }] });
  });

  it('内含券 in words', () => {
    expect(vouchersLabel([{ amount_fen: 500, min_spend_fen: 0, valid_days: 30, package_types: [] }])).toBe('¥5.00（满¥0.00，30天）');
  });
});

describe('offerForm', () => {
  it('switched off, the offer is removed; on, it is sent in fen', () => {
    const fields = { enabled: false, amount: 100, bonus: 10, title: '首充送 10 元', reason: '活动' };
    expect(offerBody(4, fields)).toEqual({ agent_id: 4, offer: null, reason: '活动' });
    expect(offerBody(4, { ...fields, enabled: true })).toEqual({
      agent_id: 4,
      offer: { amount_fen: 10000, bonus_fen: 1000, title: '首充送 10 元', description: '' },
      reason: '活动',
    });
  });

  it('an agent without an offer starts from 充值 100 送 10', () => {
    expect(offerInitial({ agent_id: 1, agent_name: '演示', offer: null })).toEqual({
      enabled: false,
      amount: 100,
      bonus: 10,
      title: '',
      description: '',
    });
  });
});
