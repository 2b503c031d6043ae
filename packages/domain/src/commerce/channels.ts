// Which pay channels an order may use (docs/spec/portal-spec.md §3 payment setting; docs/decisions/0006).
import { PAY_CHANNEL_NAME, PayChannel } from '@portal/contract/enums';

export interface ChannelSetting {
  /** messaging-app pay (channel 1) */
  wechat_pay: boolean;
  /** e-wallet pay (channel 2) */
  ali_pay: boolean;
  /** e-wallet instalment (channel 4) */
  ant_credit_pay: boolean;
  ant_credit_min_money_fen: number;
}

export interface ChannelInput {
  setting: ChannelSetting;
  goods_type: 'package' | 'recharge' | 'coupon_package' | 'upgrade' | 'device';
  payable_fen: number;
  balance_fen: number;
  /** the page runs inside a messaging app's browser, where e-wallet web payment is blocked */
  in_messaging_app: boolean;
  /**
   * Quick payment (no login): the balance is neither offered nor mentioned, since whoever knows a
   * card number must not spend its balance, nor learn whether it covers a price.
   */
  without_balance?: boolean;
}

export interface ChannelOption {
  channel: 1 | 2 | 3 | 4;
  name: string;
  available: boolean;
  reason?: string;
  /** the balance channel: the card's balance, shown beside it whether it covers the order or not */
  balance_fen?: number;
}

const OPEN_IN_BROWSER = '请在浏览器中打开';
const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

/**
 * The channels to show, in display order. A channel the agent has not enabled is not shown; a
 * shown channel that cannot pay this order says why. Balance never pays a recharge (money would
 * only move in a circle); it pays anything else the balance covers.
 */
export function payChannels(i: ChannelInput): ChannelOption[] {
  const out: ChannelOption[] = [];
  // Fully covered by a voucher: no money moves, so whichever channel is picked settles at once.
  const free = i.payable_fen === 0;
  const opt = (channel: 1 | 2 | 3 | 4, reason: string | null): ChannelOption =>
    reason && !free
      ? { channel, name: PAY_CHANNEL_NAME[channel], available: false, reason }
      : { channel, name: PAY_CHANNEL_NAME[channel], available: true };

  if (i.setting.wechat_pay) out.push(opt(PayChannel.Messaging, null));
  if (i.setting.ali_pay) out.push(opt(PayChannel.EWallet, i.in_messaging_app ? OPEN_IN_BROWSER : null));
  if (i.goods_type !== 'recharge' && !i.without_balance) {
    out.push({ ...opt(PayChannel.Balance, i.balance_fen < i.payable_fen ? '余额不足' : null), balance_fen: i.balance_fen });
  }
  if (i.setting.ant_credit_pay) {
    const min = i.setting.ant_credit_min_money_fen;
    let reason: string | null = null;
    if (i.in_messaging_app) reason = OPEN_IN_BROWSER;
    else if (i.payable_fen < min) reason = `分期需满${yuan(min)}元`;
    out.push(opt(PayChannel.EWalletInstalment, reason));
  }
  return out;
}

/** The reason a chosen channel cannot pay, or null. A channel not on offer cannot pay. */
export function channelRefusal(i: ChannelInput, channel: number): string | null {
  const o = payChannels(i).find((c) => c.channel === channel);
  if (!o) return '该支付方式暂未开通';
  return o.available ? null : (o.reason ?? '该支付方式暂不可用');
}
