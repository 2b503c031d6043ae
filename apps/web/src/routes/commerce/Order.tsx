// /order — my orders: tabs 全部 / 待支付 / 已完成 / 已退款 and this card or all my cards (both kept in
// the address, so back returns to the same list), filtered and paged by the server. A pending
// order is paid or cancelled right from its row. /order?order_no= — one order.
import type { Order, OrderGroup } from '@portal/contract';
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { formatDateTime, formatYuan } from '@portal/domain';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import { useOrder, useOrders } from '../../features/commerce/api/commerce';
import { usePendingActions } from '../../features/commerce/components/Checkout';
import { OrderNo, OrderStateTag, OrderSummary } from '../../features/commerce/components/OrderSummary';
import styles from '../../features/commerce/commerce.module.css';
import { amountLabelOf, GOODS_TYPE_LABEL } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';

const TABS: { group: OrderGroup; label: string }[] = [
  { group: 'all', label: '全部' },
  { group: 'pending', label: '待支付' },
  { group: 'done', label: '已完成' },
  { group: 'refunded', label: '已退款' },
];
const EMPTY_TEXT: Record<OrderGroup, string> = {
  all: '暂无订单',
  pending: '没有待支付的订单',
  done: '没有已完成的订单',
  refunded: '没有已退款的订单',
};

function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  return orderNo !== null ? <OrderDetail orderNo={orderNo} /> : <OrderList />;
}

function OrderList() {
  const [params, setParams] = useSearchParams();
  const customNum = useStored('customNum');
  const cardLogin = useStored('loginModel') === 'customNum';
  const group = TABS.find((t) => t.group === params.get('tab'))?.group ?? 'all';
  const scope = params.get('scope') === 'mine' && !cardLogin ? 'mine' : 'card';
  const orders = useOrders(customNum, group, scope);
  const actions = usePendingActions();
  const show = (next: { tab?: OrderGroup; scope?: 'card' | 'mine' }) => {
    const tab = next.tab ?? group;
    const sc = next.scope ?? scope;
    setParams({ ...(tab !== 'all' ? { tab } : {}), ...(sc !== 'card' ? { scope: sc } : {}) }, { replace: true });
  };
  const rows = orders.data?.pages.flatMap((p) => p.list) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;

  const cancel = async (o: Order) => {
    if (await actions.cancel(o)) toast('订单已取消');
  };

  return (
    <div className={styles.page}>
      <PageHeader title="我的订单" fallback="/mine" />
      <div className={styles.ordTabs} role="tablist" aria-label="订单分类">
        {TABS.map((t) => (
          <button
            key={t.group}
            type="button"
            role="tab"
            aria-selected={group === t.group}
            className={`${styles.ordTab} ${group === t.group ? styles.ordTabActive : ''}`}
            onClick={() => show({ tab: t.group })}
          >
            {t.label}
          </button>
        ))}
      </div>
      {cardLogin ? null : (
        <div className={styles.ordScope}>
          <span>{scope === 'mine' ? '我名下全部卡的订单' : `卡号 ${customNum ?? ''} 的订单`}</span>
          <div className={styles.ordScopeSwitch} role="radiogroup" aria-label="订单范围">
            {(
              [
                ['card', '当前卡'],
                ['mine', '全部卡'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={scope === value}
                className={`${styles.ordScopeOption} ${scope === value ? styles.ordScopeOptionActive : ''}`}
                onClick={() => show({ scope: value })}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      {orders.isPending ? (
        <PageLoading />
      ) : orders.isError ? (
        <LoadFailed text="订单加载失败" onRetry={() => orders.refetch()} />
      ) : rows.length === 0 ? (
        <StateBlock
          kind="empty"
          text={EMPTY_TEXT[group]}
          action={
            group === 'all' ? (
              <Link className="app-btn app-btn--primary" to="/combo">
                去订购套餐
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className={styles.ordCount}>共 {total} 笔</p>
          <ul className={styles.list} aria-label="订单列表">
            {rows.map((o) => (
              <OrderRow
                key={o.order_no}
                order={o}
                showCard={scope === 'mine'}
                busy={actions.busy}
                onPay={() => actions.pay(o.order_no)}
                onCancel={() => cancel(o)}
              />
            ))}
          </ul>
          {orders.hasNextPage ? (
            <div className={styles.ordMore}>
              <button
                type="button"
                className="app-btn app-btn--ghost"
                disabled={orders.isFetchingNextPage}
                onClick={() => orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? '加载中…' : '加载更多'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function OrderRow({
  order: o,
  showCard,
  busy,
  onPay,
  onCancel,
}: {
  order: Order;
  showCard: boolean;
  busy: boolean;
  onPay: () => void;
  onCancel: () => void;
}) {
  const amount = amountLabelOf(o.state);
  return (
    <li className={styles.ordCard} data-testid="order">
      <Link className={styles.item} to={`/order?order_no=${encodeURIComponent(o.order_no)}`}>
        <div className={styles.row}>
          <span className={styles.name}>{o.title}</span>
          <OrderStateTag state={o.state} />
        </div>
        <div className={styles.row}>
          <p className={styles.meta}>
            {GOODS_TYPE_LABEL[o.goods_type]}
            {showCard ? ` · 卡号 ${o.custom_num}` : ''}
            <br />
            {formatDateTime(o.created_at)}
          </p>
          <span className={styles.ordAmount}>
            <span className={styles.ordAmountLabel}>{amount.label}</span>
            <span className={styles.ordAmountValue}>¥{formatYuan(o.payable)}</span>
            {amount.note ? <span className={styles.ordAmountNote}>{amount.note}</span> : null}
          </span>
        </div>
      </Link>
      <div className={styles.ordCardFoot}>
        <OrderNo orderNo={o.order_no} />
        {o.state === 'pending' ? (
          <div className={styles.ordRowActions}>
            <button type="button" className="app-btn app-btn--ghost" disabled={busy} onClick={onCancel}>
              取消订单
            </button>
            <button type="button" className="app-btn app-btn--primary" disabled={busy} onClick={onPay}>
              继续支付
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Where to order the same goods again. */
function againPathOf(o: Order): string {
  if (o.goods_type === 'recharge') return '/recharge';
  if (o.goods_type === 'coupon_package') return '/coupon_package';
  if (o.goods_type === 'upgrade') return '/cpe_up';
  return o.package ? `/combo_detail?package_id=${o.package.id}` : '/combo';
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const valid = ORDER_NO.pattern.test(orderNo);
  const order = useOrder(valid ? orderNo : '');
  const actions = usePendingActions();

  const onCancel = async () => {
    if (order.data && (await actions.cancel(order.data))) toast('订单已取消');
  };

  return (
    <div className={styles.page}>
      <PageHeader title="订单详情" fallback="/order" />
      {!valid ? (
        <StateBlock
          kind="error"
          text="订单号有误，请从订单列表查看"
          action={
            <Link className="app-btn app-btn--ghost" to="/order">
              全部订单
            </Link>
          }
        />
      ) : order.isPending ? (
        <PageLoading />
      ) : order.isError ? (
        isRetryable(order.error) ? (
          <LoadFailed text="订单加载失败" onRetry={() => order.refetch()} />
        ) : (
          <StateBlock
            kind="error"
            text="订单不存在或无权查看"
            action={
              <Link className="app-btn app-btn--ghost" to="/order">
                全部订单
              </Link>
            }
          />
        )
      ) : (
        <>
          <OrderSummary order={order.data} detailed />
          {order.data.state === 'pending' ? (
            <div className={styles.actions}>
              <button
                type="button"
                className="app-btn app-btn--primary app-btn--block"
                disabled={actions.busy}
                onClick={() => actions.pay(orderNo)}
              >
                继续支付
              </button>
              <button type="button" className="app-btn app-btn--ghost app-btn--block" disabled={actions.busy} onClick={onCancel}>
                取消订单
              </button>
            </div>
          ) : (
            <div className={styles.actions}>
              {order.data.state === 'closed' || order.data.state === 'failed' ? (
                <Link className="app-btn app-btn--primary app-btn--block" to={againPathOf(order.data)}>
                  重新下单
                </Link>
              ) : null}
              <Link className="app-btn app-btn--ghost app-btn--block" to="/order">
                全部订单
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(OrderPage);
