import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  invoiceAfterPartialRefund,
  invoiceLoweredNote,
  invoiceFormProblems,
  invoiceNoProblem,
  invoiceVerdict,
  partialRefundProblem,
  refundRequestVerdict,
  taxNoProblem,
  usccCheckChar,
  type RefundRequestFacts,
} from './afterSales';

describe('partialRefundProblem', () => {
  it.each<[string, number, number, number, string | null]>([
    ['part of an order', 1000, 3000, 0, null],
    ['the rest exactly', 2000, 3000, 1000, null],
    ['one fen', 1, 3000, 0, null],
    ['zero', 0, 3000, 0, '退款金额须大于 0，最多两位小数'],
    ['negative', -100, 3000, 0, '退款金额须大于 0，最多两位小数'],
    ['a fraction of a fen', 10.5, 3000, 0, '退款金额须大于 0，最多两位小数'],
    ['more than is left', 2001, 3000, 1000, '退款金额不能超过可退金额 20.00 元'],
    ['more than was paid', 3001, 3000, 0, '退款金额不能超过可退金额 30.00 元'],
    ['nothing left', 1, 3000, 3000, '该订单已无可退金额'],
  ])('%s', (_n, amount, payable, refunded, expected) => expect(partialRefundProblem(amount, payable, refunded)).toBe(expected));
});

describe('refundRequestVerdict', () => {
  const now = new Date('2026-03-10T04:00:00Z');
  const base: RefundRequestFacts = {
    goods_type: 'package',
    state: 'fulfilled',
    paid_at: '2026-03-08T04:00:00Z',
    window_days: 7,
    packages: [{ started_at: '2026-04-01T00:00:00Z', expired_at: '2026-05-01T00:00:00Z', used_kb: 0 }],
    added_to_other: false,
    open_request: false,
  };
  it.each<[string, Partial<RefundRequestFacts>, string | null]>([
    ['a queued package, within the window', {}, null],
    ['started, nothing used', { packages: [{ started_at: '2026-03-08T04:00:00Z', expired_at: '2026-04-08T00:00:00Z', used_kb: 0 }] }, null],
    ['paid but not yet delivered', { state: 'paid' }, null],
    ['the last moment of the window', { paid_at: '2026-03-03T04:00:00Z' }, null],
    [
      'started and used',
      { packages: [{ started_at: '2026-03-08T04:00:00Z', expired_at: '2026-04-08T00:00:00Z', used_kb: 1 }] },
      '套餐已开始使用，无法申请退款',
    ],
    [
      'over',
      { packages: [{ started_at: '2026-02-01T00:00:00Z', expired_at: '2026-03-01T00:00:00Z', used_kb: 0 }] },
      '套餐已结束，无法申请退款',
    ],
    ['past the window', { paid_at: '2026-03-03T03:59:59Z' }, '已超过支付后 7 天的退款申请期限，如有疑问请联系客服'],
    ['the agent allows none', { window_days: 0 }, '该订单不支持在线申请退款，如有疑问请联系客服'],
    ['a refuel added to another package', { added_to_other: true, packages: [] }, '该套餐已叠加到其他套餐中，请联系客服处理退款'],
    ['a recharge', { goods_type: 'recharge' }, '仅未使用的套餐订单可在线申请退款，其他订单请联系客服'],
    ['a device', { goods_type: 'device' }, '仅未使用的套餐订单可在线申请退款，其他订单请联系客服'],
    ['not paid', { state: 'pending' }, '订单未支付，无需退款'],
    ['closed', { state: 'closed' }, '订单未支付，无需退款'],
    ['refunded', { state: 'refunded' }, '订单已退款'],
    ['asked already', { open_request: true }, '退款申请审核中'],
  ])('%s', (_n, patch, why) => {
    const v = refundRequestVerdict({ ...base, ...patch }, now);
    if (why === null) expect(v.ok).toBe(true);
    else expect(v).toEqual({ ok: false, why });
  });
  it('says until when', () => {
    expect(refundRequestVerdict(base, now)).toEqual({ ok: true, until: '2026-03-15T04:00:00.000Z' });
  });
});

describe('taxNoProblem', () => {
  it.each<[string, string, string | null]>([
    ['a unified social credit code', '91330100716105852F', null],
    ['another', '91440300708461136T', null],
    ['lower case and spaces are tidied', ' 91330100716105852f ', null],
    ['a wrong check character', '91330100716105852G', '统一社会信用代码校验位不正确，请核对'],
    ['a letter a code never has', '9133010071610585IF', '统一社会信用代码不能包含 I、O、S、V、Z'],
    ['15: region and organisation code', '110108801234567', null],
    ['15: organisation code ending in X', '11010880123456X', null],
    ['15: letters in the region code', '11A108801234567', '15 位纳税人识别号应为 6 位地区码加 9 位组织机构代码'],
    ['20: an individual business', '11010519491231002X01', null],
    ['20: letters in the region code', 'AB010519491231002X01', '20 位纳税人识别号应以 6 位地区码开头'],
    ['17 characters', '9133010071610585F', '纳税人识别号应为 15、18 或 20 位'],
    ['16 characters', '1101088012345678', '纳税人识别号应为 15、18 或 20 位'],
    ['punctuation', '91330100-16105852F', '纳税人识别号只能包含数字和大写字母'],
    ['empty', '', '请填写单位的纳税人识别号'],
  ])('%s', (_n, input, expected) => expect(taxNoProblem(input)).toBe(expected));

  it('computes the check character of GB 32100-2015', () => {
    expect(usccCheckChar('91330100716105852')).toBe('F');
    expect(usccCheckChar('9133010071610585I')).toBeNull();
  });
});

describe('emailProblem', () => {
  it.each<[string, string | null]>([
    ['zhang.san@example.com', null],
    ['a+b@mail.example.cn', null],
    ['', '请填写接收发票的邮箱'],
    ['zhangsan', '邮箱格式不正确'],
    ['zhang@example', '邮箱格式不正确'],
    ['zhang@@example.com', '邮箱格式不正确'],
    ['zhang san@example.com', '邮箱格式不正确'],
    [`${'a'.repeat(95)}@x.com`, '邮箱格式不正确'],
  ])('%s', (input, expected) => expect(emailProblem(input)).toBe(expected));
});

describe('invoiceFormProblems', () => {
  const ok = { title_type: 'company', title: '某某科技有限公司', tax_no: '91330100716105852F', email: 'cw@example.com' };
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['a company, complete', ok, {}],
    ['a person needs no tax number', { ...ok, title_type: 'personal', title: '张三', tax_no: '' }, {}],
    ['a company without a tax number', { ...ok, tax_no: '' }, { tax_no: '请填写单位的纳税人识别号' }],
    ['a company without a name', { ...ok, title: ' ' }, { title: '请填写单位名称' }],
    ['a person with a wrong tax number', { ...ok, title_type: 'personal', tax_no: '123' }, { tax_no: '纳税人识别号应为 15、18 或 20 位' }],
    ['no type', { ...ok, title_type: '' }, { title_type: '请选择抬头类型' }],
    [
      'every problem at once',
      { title_type: 'company', title: '', tax_no: 'x', email: 'y' },
      {
        title: '请填写单位名称',
        tax_no: '纳税人识别号应为 15、18 或 20 位',
        email: '邮箱格式不正确',
      },
    ],
  ])('%s', (_n, form, expected) => expect(invoiceFormProblems(form as never)).toEqual(expected));
});

describe('invoiceVerdict', () => {
  const base = { state: 'fulfilled', pay_channel: 1, payable_fen: 3000, refunded_fen: 0, live_request: false };
  it.each<[string, Partial<typeof base>, ReturnType<typeof invoiceVerdict>]>([
    ['paid through a channel', {}, { ok: true, amount_fen: 3000 }],
    ['less its partial refunds', { refunded_fen: 1000 }, { ok: true, amount_fen: 2000 }],
    ['all given back', { refunded_fen: 3000 }, { ok: false, why: '订单实付金额为 0，无需开票' }],
    ['paid from the balance', { pay_channel: 3 }, { ok: false, why: '余额支付的订单不单独开票，请为充值订单申请发票' }],
    ['refunded', { state: 'refunded' }, { ok: false, why: '订单已退款，无法开票' }],
    ['pending', { state: 'pending' }, { ok: false, why: '订单未支付，无法开票' }],
    ['asked already', { live_request: true }, { ok: false, why: '该订单已申请发票' }],
  ])('%s', (_n, patch, expected) => expect(invoiceVerdict({ ...base, ...patch })).toEqual(expected));
});

describe('invoiceAfterPartialRefund', () => {
  it.each([
    [5000, 1000, 4000],
    [5000, 4999, 1],
    [5000, 5000, 0],
    // more back than the request asked (it was made after an earlier refund): 0, never below
    [3000, 4000, 0],
    [0, 100, 0],
    [5000, 0, 5000],
    [5000, -10, 5000],
  ])('%i − %i → %i', (amount, refund, left) => expect(invoiceAfterPartialRefund(amount, refund)).toBe(left));
  it('says both figures', () => expect(invoiceLoweredNote(1000, 4000)).toBe('订单已部分退款 ¥10.00，发票金额已调整为 ¥40.00'));
});

describe('invoiceNoProblem', () => {
  it.each<[string, string | null]>([
    ['12345678', null],
    ['26442000000123456789', null],
    ['', '请填写发票号码'],
    ['1234567', '发票号码应为 8–20 位数字'],
    ['1234567A', '发票号码应为 8–20 位数字'],
  ])('%s', (input, expected) => expect(invoiceNoProblem(input)).toBe(expected));
});
