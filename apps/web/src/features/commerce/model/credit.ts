// What a paid top-up put on the balance, said the way the quote said it before payment (到账金额,
// with the first-recharge bonus): a result page that said only 已订购成功 dropped the ¥10 shown
// before paying (decision 0070).
import type { Order } from '@portal/contract';
import { formatYuan } from '@portal/domain';

/** 余额到账 ¥60.00（含赠送 ¥10.00） for a recharge; null for anything else. */
export function creditText(order: Pick<Order, 'goods_type' | 'total' | 'credit'>): string | null {
  if (order.goods_type !== 'recharge' || order.credit === undefined) return null;
  const bonusFen = Math.round(order.credit * 100) - Math.round(order.total * 100);
  return `余额到账 ¥${formatYuan(order.credit)}${bonusFen > 0 ? `（含赠送 ¥${formatYuan(bonusFen / 100)}）` : ''}`;
}
