// One order's facts: the key ones for the check and success pages, all of them (`detailed`) for
// the order detail page.
import type { Order } from '@portal/contract';
import { formatDateTime, formatYuan } from '@portal/domain';
import styles from '../commerce.module.css';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { GOODS_TYPE_LABEL, ORDER_STATE_LABEL } from '../model/labels';

export function OrderStateTag({ state }: { state: Order['state'] }) {
  return <span className={`${styles.state} ${styles[`state_${state}`] ?? ''}`}>{ORDER_STATE_LABEL[state]}</span>;
}

function rowsOf(order: Order, detailed: boolean): [string, string][] {
  const money: [string, string][] = detailed
    ? [
        ['商品金额', `¥${formatYuan(order.total)}`],
        ['优惠', order.voucher ? `${order.voucher.name} -¥${formatYuan(order.discount)}` : '-'],
        ['实付', `¥${formatYuan(order.payable)}`],
        ...(order.credit !== undefined ? ([['到账余额', `¥${formatYuan(order.credit)}`]] as [string, string][]) : []),
        ['支付方式', PAY_CHANNEL_NAME[order.pay_channel as keyof typeof PAY_CHANNEL_NAME] ?? '-'],
      ]
    : [['实付', `¥${formatYuan(order.payable)}`]];
  return [
    ['订单号', order.order_no],
    ['卡号', order.custom_num],
    ['商品类型', GOODS_TYPE_LABEL[order.goods_type]],
    ...money,
    ['下单时间', formatDateTime(order.created_at)],
    ['支付时间', formatDateTime(order.paid_at)],
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
