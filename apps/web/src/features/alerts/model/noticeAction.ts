import type { CardNotice } from '@portal/contract';

/** The one thing a notice offers: 去充值, 去续订, 查看流量, 查看订单 — or nothing. */
export function noticeAction(n: Pick<CardNotice, 'action' | 'order_no'>): { text: string; path: string } | null {
  switch (n.action) {
    case 'recharge':
      return { text: '去充值', path: '/recharge' };
    case 'renew':
      return { text: '去续订', path: '/combo' };
    case 'flow':
      return { text: '查看流量', path: '/flow' };
    case 'order':
      return n.order_no
        ? { text: '查看订单', path: `/order?order_no=${encodeURIComponent(n.order_no)}` }
        : { text: '查看订单', path: '/order' };
    default:
      return null;
  }
}
