// One order's facts: the key ones for the check and success pages, all of them (`detailed`) for
// the order detail page. Money is named as it happened: 实付 only for money taken; an order never
// paid says 应付 and 未扣款, like its result page.
import type { Order } from '@portal/contract';
import { formatDateTime, formatYuan } from '@portal/domain';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import styles from '../commerce.module.css';
import ownStyles from './OrderSummary.module.css';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { amountLabelOf, GOODS_TYPE_LABEL, ORDER_STATE_LABEL } from '../model/labels';

export function OrderStateTag({ state }: { state: Order['state'] }) {
  return <span className={`${ownStyles.state} ${ownStyles[`state_${state}`] ?? ''}`}>{ORDER_STATE_LABEL[state]}</span>;
}

/** The order number with 复制 beside it (support asks for it; users paste it into a chat). */
export function OrderNo({ orderNo }: { orderNo: string }) {
  return (
    <span className={ownStyles.ordOrderNo}>
      <span>{orderNo}</span>
      <CopyButton text={orderNo} label="订单号" />
    </span>
  );
}

/** The member price and the voucher each on its own row (`discount` is their sum); '-' for none. */
function discountRows(order: Order): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  if (order.member_discount) rows.push(['会员优惠', `-¥${formatYuan(order.member_discount)}`]);
  if (order.voucher) rows.push(['优惠', `${order.voucher.name} -¥${formatYuan(order.voucher_discount ?? order.discount)}`]);
  return rows.length > 0 ? rows : [['优惠', '-']];
}

function rowsOf(order: Order, detailed: boolean): [string, ReactNode][] {
  const amount = amountLabelOf(order.state);
  const paidRows: [string, ReactNode][] = [[amount.label, `¥${formatYuan(order.payable)}`]];
  if (amount.note) paidRows.push([amount.note === '已退款' ? '退款' : '扣款', amount.note]);
  const money: [string, ReactNode][] = detailed
    ? [
        ['商品金额', `¥${formatYuan(order.total)}`],
        ...discountRows(order),
        ...paidRows,
        ...(order.credit !== undefined ? ([['到账余额', `¥${formatYuan(order.credit)}`]] as [string, string][]) : []),
        ['支付方式', PAY_CHANNEL_NAME[order.pay_channel as keyof typeof PAY_CHANNEL_NAME] ?? '-'],
      ]
    : paidRows;
  return [
    ['订单号', <OrderNo key="no" orderNo={order.order_no} />],
    ['卡号', order.custom_num],
    ['商品类型', GOODS_TYPE_LABEL[order.goods_type]],
    ...money,
    ['下单时间', formatDateTime(order.created_at)],
    ...(order.paid_at ? ([['支付时间', formatDateTime(order.paid_at)]] as [string, string][]) : []),
    ...(detailed && order.state === 'pending' && order.expires_at
      ? ([['支付截止', formatDateTime(order.expires_at)]] as [string, string][])
      : []),
  ];
}

export function OrderSummary({ order, detailed = false }: { order: Order; detailed?: boolean }) {
  return (
    <section className={styles.section} data-testid={detailed ? 'order-detail' : 'order-summary'}>
      <div className={styles.row}>
        <span className={styles.name}>{order.title}</span>
        <OrderStateTag state={order.state} />
      </div>
      <div className={styles.sums}>
        {rowsOf(order, detailed).map(([k, v]) => (
          <p key={k} className={styles.sum}>
            <span>{k}</span>
            <span className={styles.sumValue}>{v}</span>
          </p>
        ))}
      </div>
    </section>
  );
}
