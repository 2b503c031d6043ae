import { describe, expect, it } from 'vitest';
import { channelRefusal, payChannels, type ChannelInput } from './channels';

const all = { wechat_pay: true, ali_pay: true, ant_credit_pay: true, ant_credit_min_money_fen: 10000 };
const base: ChannelInput = { setting: all, goods_type: 'package', payable_fen: 3000, balance_fen: 5000, in_messaging_app: false };
const summary = (i: ChannelInput) => payChannels(i).map((c) => `${c.channel}:${c.available ? 'ok' : c.reason}`);

describe('payChannels', () => {
  it('the balance channel carries the balance, covering or not; no other channel does', () => {
    expect(payChannels({ ...base, balance_fen: 2999 }).find((c) => c.channel === 3)).toMatchObject({
      balance_fen: 2999,
      reason: '余额不足',
    });
    expect(payChannels(base).find((c) => c.channel === 3)).toMatchObject({ balance_fen: 5000, available: true });
    expect(
      payChannels(base)
        .filter((c) => c.balance_fen !== undefined)
        .map((c) => c.channel),
    ).toEqual([3]);
    expect(payChannels({ ...base, without_balance: true }).some((c) => c.balance_fen !== undefined)).toBe(false);
  });
  it.each<[string, Partial<ChannelInput>, string[]]>([
    ['everything on, in a browser, below the instalment minimum', {}, ['1:ok', '2:ok', '3:ok', '4:分期需满100元']],
    ['at the instalment minimum', { payable_fen: 10000, balance_fen: 20000 }, ['1:ok', '2:ok', '3:ok', '4:ok']],
    ['balance short by a fen', { balance_fen: 2999 }, ['1:ok', '2:ok', '3:余额不足', '4:分期需满100元']],
    ['balance exactly enough', { balance_fen: 3000 }, ['1:ok', '2:ok', '3:ok', '4:分期需满100元']],
    [
      'inside a messaging app: only messaging-app pay and balance',
      { in_messaging_app: true, payable_fen: 20000, balance_fen: 30000 },
      ['1:ok', '2:请在浏览器中打开', '3:ok', '4:请在浏览器中打开'],
    ],
    ['a recharge is never paid from the balance', { goods_type: 'recharge' }, ['1:ok', '2:ok', '4:分期需满100元']],
    [
      'agent with every channel off: balance only',
      { setting: { wechat_pay: false, ali_pay: false, ant_credit_pay: false, ant_credit_min_money_fen: 0 } },
      ['3:ok'],
    ],
    [
      'agent with every channel off, recharge: nothing',
      { goods_type: 'recharge', setting: { wechat_pay: false, ali_pay: false, ant_credit_pay: false, ant_credit_min_money_fen: 0 } },
      [],
    ],
    ['coupon package may be paid from the balance', { goods_type: 'coupon_package' }, ['1:ok', '2:ok', '3:ok', '4:分期需满100元']],
    ['fully covered by a voucher: every channel settles', { payable_fen: 0, balance_fen: 0 }, ['1:ok', '2:ok', '3:ok', '4:ok']],
    [
      'quick payment: the balance is not offered, even when it covers the price',
      { without_balance: true, balance_fen: 99999 },
      ['1:ok', '2:ok', '4:分期需满100元'],
    ],
    ['quick payment with a short balance: nothing says so', { without_balance: true, balance_fen: 0 }, ['1:ok', '2:ok', '4:分期需满100元']],
    [
      'quick payment inside a messaging app',
      { without_balance: true, in_messaging_app: true },
      ['1:ok', '2:请在浏览器中打开', '4:请在浏览器中打开'],
    ],
  ])('%s', (_name, o, expected) => expect(summary({ ...base, ...o })).toEqual(expected));

  it('names every channel in Chinese', () => {
    for (const c of payChannels({ ...base, payable_fen: 10000 })) expect(c.name).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('channelRefusal', () => {
  it.each<[Partial<ChannelInput>, number, string | null]>([
    [{}, 1, null],
    [{}, 4, '分期需满100元'],
    [{ in_messaging_app: true }, 2, '请在浏览器中打开'],
    [{ goods_type: 'recharge' }, 3, '该支付方式暂未开通'],
    [{ setting: { ...all, wechat_pay: false } }, 1, '该支付方式暂未开通'],
    [{}, 9, '该支付方式暂未开通'],
    [{ without_balance: true }, 3, '该支付方式暂未开通'],
  ])('%o channel %s → %s', (o, channel, reason) => expect(channelRefusal({ ...base, ...o }, channel)).toBe(reason));
});
