// 继续支付 and 取消订单 of a pending order, wherever it shows: its result page, its detail, the
// order list. 继续支付 asks the server, which checks with the gateway first (paid meanwhile → the
// result page; still pending → its own cashier, never a second payment). 取消订单 asks the user
// first; the server closes the payment at the gateway before the order, so money arriving at that
// moment settles the order as paid instead of being lost.
import type { Order } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../lib/ui';
import { closeOrder, repayOrder } from '../api/commerce';
import { followPay } from './Checkout';

export interface PendingActions {
  busy: boolean;
  pay: (orderNo: string) => Promise<void>;
  /** answers the closed order, or null when the user kept it or the server refused (it has said why) */
  cancel: (order: Pick<Order, 'order_no' | 'voucher'>) => Promise<Order | null>;
}

export function usePendingActions(): PendingActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['commerce'] });

  const pay = async (orderNo: string) => {
    setBusy(true);
    try {
      followPay(await repayOrder(orderNo), navigate);
    } catch {
      await refresh(); // closed or expired meanwhile: the API client said why, the page shows the new state
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (order: Pick<Order, 'order_no' | 'voucher'>) => {
    const ok = await confirm({
      title: '取消订单',
      content: order.voucher ? '确定取消该订单吗？未扣款，使用的优惠券将退回。' : '确定取消该订单吗？该订单未扣款。',
      confirmText: '取消订单',
      cancelText: '暂不取消',
    });
    if (!ok) return null;
    setBusy(true);
    try {
      const closed = await closeOrder(order.order_no);
      await refresh();
      return closed;
    } catch {
      await refresh();
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { busy, pay, cancel };
}
