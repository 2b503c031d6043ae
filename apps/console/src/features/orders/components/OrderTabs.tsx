// 订单: search orders (order number, card, mobile, state, goods type, channel, dates), newest first
// with 加载更多 (keyset paging), 导出 CSV with the same filter; a drawer with the order, its
// payments, the gateway notifications and refunds; 退款 with a required reason (finance and the
// platform administrator), through the portal's one refund service. A tab lists late payments.
// /orders?order=<no> opens that order's drawer.
import { useEffect, useState, type ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { allows, useOperator } from '../../../lib/session';
import { OrderSearch } from './OrderSearch';
import { LatePayments } from './LatePayments';

/** `more`: tabs the page adds from other features (the after-sales queues). */
export function OrderTabs({ more = [] }: { more?: { key: string; label: string; children: ReactNode }[] }) {
  const op = useOperator().data;
  const canRefund = allows(op, 'refunds.manage');
  const tabs: { key: string; label: string; children: ReactNode }[] = [
    { key: 'orders', label: '订单查询', children: <OrderSearch canRefund={canRefund} /> },
  ];
  if (allows(op, 'ledger.view')) tabs.push({ key: 'late', label: '异常到账', children: <LatePayments /> });
  tabs.push(...more);
  const [params] = useSearchParams();
  const wanted = params.get('tab');
  const [active, setActive] = useState(() => wanted ?? 'orders');
  // an order opened by its address (?order=, from a queue's row) is shown in 订单查询's drawer
  const opened = params.get('order');
  useEffect(() => {
    if (opened) setActive('orders');
  }, [opened]);
  return (
    <Card>
      <Tabs items={tabs} activeKey={tabs.some((t) => t.key === active) ? active : 'orders'} onChange={setActive} />
    </Card>
  );
}
