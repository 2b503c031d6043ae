// The orders of a card: tabs 全部 / 待支付 / 已完成 / 已退款 (kept in the address, so back returns to
// the same list), filtered and paged by the server, a pending order paid or cancelled right from
// its row; and one order with its actions. The body of /order (the current card, or all my cards)
// and /cpe_order (the current device's card), each linking its rows to its own detail (`base`).
import type { Order, OrderGroup } from '@portal/contract';
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { formatDateTime, formatYuan, groupCardNumber } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { PageLoading } from '../../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../../components/StateBlock';
import { isRetryable } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useOrder, useOrders } from '../api/commerce';
import styles from '../commerce.module.css';
import ownStyles from './Orders.module.css';
import { wayBackOf, type PurchaseOrigin } from '../model/handoff';
import { amountLabelOf, GOODS_TYPE_LABEL } from '../model/labels';
import { usePendingActions } from './Checkout';
import { OrderNo, OrderStateTag, OrderSummary } from './OrderSummary';
import { OrderLoadFailed } from './OrderLoadFailed';

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

interface ListProps {
  customNum: string | undefined;
  /** offers 当前卡 / 全部卡 (a user's login; a card-number login sees its card only) */
  allCards: boolean;
  /** the area the list is in (unset: the portal): its detail page, where to buy, where payments lead back */
  origin?: PurchaseOrigin;
}

export function OrderList({ customNum, allCards, origin }: ListProps) {
  const [params, setParams] = useSearchParams();
  const way = wayBackOf(origin);
  const group = TABS.find((t) => t.group === params.get('tab'))?.group ?? 'all';
  const scope = params.get('scope') === 'mine' && allCards ? 'mine' : 'card';
  const orders = useOrders(customNum, group, scope);
  const actions = usePendingActions(origin);
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
    <>
      <div className={ownStyles.ordTabs} role="tablist" aria-label="订单分类">
        {TABS.map((t) => (
          <button
            key={t.group}
            type="button"
            role="tab"
            aria-selected={group === t.group}
            className={`${ownStyles.ordTab} ${group === t.group ? ownStyles.ordTabActive : ''}`}
            onClick={() => show({ tab: t.group })}
          >
            {t.label}
          </button>
        ))}
      </div>
      {allCards ? (
        <div className={ownStyles.ordScope}>
          <span>{scope === 'mine' ? '我名下全部卡的订单' : `卡号 ${groupCardNumber(customNum ?? '')} 的订单`}</span>
          <div className={ownStyles.ordScopeSwitch} role="radiogroup" aria-label="订单范围">
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
                className={`${ownStyles.ordScopeOption} ${scope === value ? ownStyles.ordScopeOptionActive : ''}`}
                onClick={() => show({ scope: value })}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      ) : origin ? (
        <div className={ownStyles.ordScope}>
          <span>卡号 {groupCardNumber(customNum ?? '')} 的订单</span>
        </div>
      ) : null}
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
              <Link className="app-btn app-btn--primary" to={way.packages}>
                去订购套餐
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className={ownStyles.ordCount}>共 {total} 笔</p>
          <ul className={styles.list} aria-label="订单列表">
            {rows.map((o) => (
              <OrderRow
                key={o.order_no}
                order={o}
                detail={`${way.orders}?order_no=${encodeURIComponent(o.order_no)}`}
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
    </>
  );
}

function OrderRow({
  order: o,
  detail,
  showCard,
  busy,
  onPay,
  onCancel,
}: {
  order: Order;
  detail: string;
  showCard: boolean;
  busy: boolean;
  onPay: () => void;
  onCancel: () => void;
}) {
  const amount = amountLabelOf(o.state);
  return (
    <li className={ownStyles.ordCard} data-testid="order">
      <Link className={styles.item} to={detail}>
        <div className={styles.row}>
          <span className={styles.name}>{o.title}</span>
          <OrderStateTag state={o.state} />
        </div>
        <div className={styles.row}>
          <p className={styles.meta}>
            {GOODS_TYPE_LABEL[o.goods_type]}
            {showCard ? ` · 卡号 ${groupCardNumber(o.custom_num)}` : ''}
            <br />
            {formatDateTime(o.created_at)}
          </p>
          <span className={ownStyles.ordAmount}>
            <span className={ownStyles.ordAmountLabel}>{amount.label}</span>
            <span className={ownStyles.ordAmountValue}>¥{formatYuan(o.payable)}</span>
            {amount.note ? <span className={ownStyles.ordAmountNote}>{amount.note}</span> : null}
          </span>
        </div>
      </Link>
      <div className={ownStyles.ordCardFoot}>
        <OrderNo orderNo={o.order_no} />
        {o.state === 'pending' ? (
          <div className={ownStyles.ordRowActions}>
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
function againPathOf(o: Order, origin: PurchaseOrigin | undefined): string {
  if (o.goods_type === 'recharge') return '/recharge';
  if (o.goods_type === 'coupon_package') return '/coupon_package';
  if (o.goods_type === 'upgrade') return '/cpe_up';
  if (o.goods_type === 'device') return o.device ? `/shopping?product=${o.device.product_id}` : '/shopping';
  const way = wayBackOf(origin);
  return o.package ? way.packagePath(o.package.id) : way.packages;
}

/**
 * One order: what it is, and 继续支付 / 取消订单 while pending, 重新下单 once closed or failed.
 * `extra`: what the page adds below the summary (a device order's shipping, from another feature).
 */
export function OrderDetail({ orderNo, origin, extra }: { orderNo: string; origin?: PurchaseOrigin; extra?: (order: Order) => ReactNode }) {
  const valid = ORDER_NO.pattern.test(orderNo);
  const order = useOrder(valid ? orderNo : '');
  const actions = usePendingActions(origin);
  const list = wayBackOf(origin).orders;
  const toList = (
    <Link className="app-btn app-btn--ghost" to={list}>
      全部订单
    </Link>
  );

  const onCancel = async () => {
    if (order.data && (await actions.cancel(order.data))) toast('订单已取消');
  };

  if (!valid) return <StateBlock kind="error" text="订单号有误，请从订单列表查看" action={toList} />;
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    return isRetryable(order.error) ? (
      <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
    ) : (
      <StateBlock kind="error" text="订单不存在或无权查看" action={toList} />
    );
  }
  return (
    <>
      <OrderSummary order={order.data} detailed />
      {extra?.(order.data)}
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
            <Link className="app-btn app-btn--primary app-btn--block" to={againPathOf(order.data, origin)}>
              重新下单
            </Link>
          ) : null}
          <Link className="app-btn app-btn--ghost app-btn--block" to={list}>
            全部订单
          </Link>
        </div>
      )}
    </>
  );
}
