// The commerce calls. Prices always come from the server (quote, order); the client shows them.
import type {
  CreateOrderAnswer,
  CreateOrderRequest,
  Order,
  OrderGroup,
  QuickCardCheck,
  QuickOrderAnswer,
  QuickOrderRequest,
  QuoteRequest,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as api from '@portal/contract/routes/commerce';
import { call } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

export function usePackages(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'packages', customNum],
    queryFn: ({ signal }) => call(api.packageList, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function usePackage(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'package', customNum, packageId],
    queryFn: ({ signal }) => call(api.packageDetail, { custom_num: customNum!, package_id: packageId }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useUsableVouchers(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'vouchers', 'usable', customNum, packageId],
    queryFn: ({ signal }) => call(api.usableVouchers, { custom_num: customNum!, package_id: packageId }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useVouchers(customNum: string | undefined, status: 'usable' | 'invalid') {
  return useQuery({
    queryKey: ['commerce', 'vouchers', status, customNum],
    queryFn: ({ signal }) => call(api.voucherList, { custom_num: customNum!, status }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** The server's price and channels; quick payment (no login) asks its own token-less route. */
export function useQuote(body: QuoteRequest | null, quick = false) {
  const route = quick ? api.quickQuote : api.orderQuote;
  return useQuery({
    queryKey: ['commerce', 'quote', route, body],
    queryFn: () => call(route, body!, { silent: true }),
    enabled: body !== null,
    retry: false,
  });
}

export function createOrder(body: CreateOrderRequest): Promise<CreateOrderAnswer> {
  return call(api.orderCreate, body);
}

/** 继续支付: the server checks the order with the gateway and answers its cashier (or settled). */
export function repayOrder(orderNo: string): Promise<CreateOrderAnswer> {
  return call(api.orderRepay, { order_no: orderNo });
}

export function closeOrder(orderNo: string): Promise<Order> {
  return call(api.orderClose, { order_no: orderNo });
}

/** One order. No toast when it cannot be read: every page that shows one says why in its place
 *  (OrderLoadFailed with 重试, or 订单不存在或无权查看), and a toast over that block covered 重试 (decision 0070). */
export function useOrder(orderNo: string, poll: (order: Order | undefined) => number | false = () => false) {
  return useQuery({
    queryKey: ['commerce', 'order', orderNo],
    queryFn: ({ signal }) => call(api.orderDetail, { order_no: orderNo }, { signal, silent: true }),
    enabled: orderNo !== '',
    refetchInterval: (q) => poll(q.state.data),
  });
}

/** The order list of a tab (status group) for this card or all of mine, page by page (10 each). */
export function useOrders(customNum: string | undefined, status: OrderGroup, scope: 'card' | 'mine') {
  return useInfiniteQuery({
    queryKey: ['commerce', 'orders', customNum, status, scope],
    queryFn: ({ signal, pageParam }) => call(api.orderList, { custom_num: customNum!, page: pageParam, status, scope }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: Boolean(customNum),
  });
}

export function useRechargeOptions(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'recharge', customNum],
    queryFn: ({ signal }) => call(api.rechargeOptions, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useCouponPackages(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'couponPackages', customNum],
    queryFn: ({ signal }) => call(api.couponPackageList, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** The balance and its ledger, page by page (20 each, newest first; the next page starts below the last id). */
export function useLedger(customNum: string | undefined, direction: 'all' | 'in' | 'out' = 'all') {
  return useInfiniteQuery({
    queryKey: ['commerce', 'ledger', customNum, direction],
    queryFn: ({ signal, pageParam }) => call(api.balanceLedger, { custom_num: customNum!, direction, before_id: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.list.at(-1)?.id : undefined),
    enabled: Boolean(customNum),
  });
}

// ---------- quick payment: no login; the card number is all the visitor gives ----------

export function quickCardCheck(customNum: string): Promise<QuickCardCheck> {
  return call(api.quickCardCheck, { custom_num: customNum });
}

export function useQuickPackages(customNum: string) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'packages', customNum],
    queryFn: ({ signal }) => call(api.quickPackages, { custom_num: customNum }, { signal }),
    enabled: customNum !== '',
  });
}

/** A top-up's amounts and first-recharge offer for a card number, without a login (no balance). */
export function useQuickRechargeOptions(customNum: string) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'recharge', customNum],
    // a card number typed by a visitor: the page says what is wrong with it (no toast, no redirect home)
    queryFn: ({ signal }) => call(api.quickRechargeOptions, { custom_num: customNum }, { signal, form: true }),
    enabled: customNum !== '',
  });
}

export function createQuickOrder(body: QuickOrderRequest): Promise<QuickOrderAnswer> {
  return call(api.quickOrder, body);
}

export function repayQuickOrder(orderNo: string, accessKey: string): Promise<CreateOrderAnswer> {
  return call(api.quickRepay, { order_no: orderNo, access_key: accessKey });
}

export function useQuickOrder(orderNo: string, accessKey: string, poll: (order: Order | undefined) => number | false = () => false) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'order', orderNo],
    queryFn: ({ signal }) => call(api.quickOrderDetail, { order_no: orderNo, access_key: accessKey }, { signal, silent: true }),
    enabled: orderNo !== '' && accessKey !== '',
    refetchInterval: (q) => poll(q.state.data),
    retry: false,
  });
}

/**
 * A success page's order: `paid` is the order once the server says it is paid (the coupon-package
 * page only for a coupon package). Then every cached commerce answer is dropped and `onPaid` runs
 * with the card: the card changed (order_has_payment, expiry, balance, usage), and the page, which
 * combines this feature with the cards feature, reloads its info for the card gates (it passes the
 * cards feature's refreshCard, a module-level function, so the effect runs once per paid card).
 */
export function usePaidOrder(
  orderNo: string,
  page: '/pay_success' | '/coupon_success',
  onPaid: (qc: typeof queryClient, customNum: string) => Promise<void>,
) {
  const order = useOrder(orderNo);
  const o = order.data;
  const paid =
    o && (o.state === 'paid' || o.state === 'fulfilled') && (page === '/pay_success' || o.goods_type === 'coupon_package') ? o : null;
  const paidCard = paid?.custom_num ?? null;
  useEffect(() => {
    if (!paidCard) return;
    void queryClient
      .invalidateQueries({ queryKey: ['commerce'] })
      .then(() => onPaid(queryClient, paidCard))
      // the next page that needs card info loads it; the gates then use that
      .catch(() => {});
  }, [paidCard, onPaid]);
  return { order, paid };
}
