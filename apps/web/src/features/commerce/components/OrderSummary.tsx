// The key facts of one order, for the check and success pages.
import type { Order } from '@portal/contract';
import { formatDateTime, formatYuan } from '@portal/domain';
import styles from '../commerce.module.css';
import { GOODS_TYPE_LABEL, ORDER_STATE_LABEL } from '../model/labels';

export function OrderSummary({ order }: { order: Order }) {
  return (
    <section className={styles.section} data-testid="order-summary">
      <div className={styles.row}>
        <span className={styles.name}>{order.title}</span>
        <span className={`${styles.state} ${styles[`state_${order.state}`] ?? ''}`}>{ORDER_STATE_LABEL[order.state]}</span>
      </div>
      <div className={styles.sums}>
        {[
          ['订单号', order.order_no],
          ['卡号', order.custom_num],
          ['商品类型', GOODS_TYPE_LABEL[order.goods_type]],
          ['实付', `¥${formatYuan(order.payable)}`],
          ['下单时间', formatDateTime(order.created_at)],
          ['支付时间', formatDateTime(order.paid_at)],
        ].map(([k, v]) => (
          <p key={k} className={styles.sum}>
            <span>{k}</span>
            <span className={styles.sumValue}>{v}</span>
          </p>
        ))}
      </div>
    </section>
  );
}
