// 订单: search orders (order number, card, mobile, state, goods type, channel, dates), newest first
// with 加载更多 (keyset paging), 导出 CSV with the same filter; a drawer with the order, its
// payments, the gateway notifications and refunds; 退款 with a required reason (finance and the
// platform administrator), through the portal's one refund service. A tab lists late payments.
// /orders?order=<no> opens that order's drawer.
import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
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
  const wanted = new URLSearchParams(window.location.search).get('tab');
  return (
    <Card>
      <Tabs items={tabs} defaultActiveKey={tabs.some((t) => t.key === wanted) ? wanted! : 'orders'} />
    </Card>
  );
}
