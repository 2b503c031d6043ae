// The commerce calls. Prices always come from the server (quote, order); the client shows them.
import type {
  CreateOrderAnswer,
  CreateOrderRequest,
  Order,
  QuickCardCheck,
  QuickOrderAnswer,
  QuickOrderRequest,
  QuoteRequest,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { local } from '../../../lib/storage';
import { cardInfoKey, fetchCardInfo } from '../../cards/api/cardInfo';
import { rememberCardInfo } from '../../cards/model/currentCard';

export function usePackages(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'packages', customNum],
    queryFn: ({ signal }) => call('packageList', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function usePackage(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'package', customNum, packageId],
    queryFn: ({ signal }) => call('packageDetail', { custom_num: customNum!, package_id: packageId }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useUsableVouchers(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'vouchers', 'usable', customNum, packageId],
    queryFn: ({ signal }) => call('usableVouchers', { custom_num: customNum!, package_id: packageId }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useVouchers(customNum: string | undefined, status: 'usable' | 'invalid') {
  return useQuery({
    queryKey: ['commerce', 'vouchers', status, customNum],
    queryFn: ({ signal }) => call('voucherList', { custom_num: customNum!, status }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** The server's price and channels; quick payment (no login) asks its own token-less route. */
export function useQuote(body: QuoteRequest | null, quick = false) {
  const endpoint = quick ? 'quickQuote' : 'orderQuote';
  return useQuery({
    queryKey: ['commerce', 'quote', endpoint, body],
    queryFn: () => call(endpoint, body!, { silent: true }),
    enabled: body !== null,
    retry: false,
  });
}

export function createOrder(body: CreateOrderRequest): Promise<CreateOrderAnswer> {
  return call('orderCreate', body);
}

/** 继续支付: the server checks the order with the gateway and answers its cashier (or settled). */
export function repayOrder(orderNo: string): Promise<CreateOrderAnswer> {
  return call('orderRepay', { order_no: orderNo });
}

export function closeOrder(orderNo: string): Promise<Order> {
  return call('orderClose', { order_no: orderNo });
}

export function useOrder(orderNo: string, poll: (order: Order | undefined) => number | false = () => false) {
  return useQuery({
    queryKey: ['commerce', 'order', orderNo],
    queryFn: ({ signal }) => call('orderDetail', { order_no: orderNo }, { signal }),
    enabled: orderNo !== '',
    refetchInterval: (q) => poll(q.state.data),
  });
}

export function useOrders(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'orders', customNum],
    queryFn: ({ signal }) => call('orderList', { custom_num: customNum!, page: 1 }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useRechargeOptions(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'recharge', customNum],
    queryFn: ({ signal }) => call('rechargeOptions', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useCouponPackages(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'couponPackages', customNum],
    queryFn: ({ signal }) => call('couponPackageList', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useLedger(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'ledger', customNum],
    queryFn: ({ signal }) => call('balanceLedger', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

// ---------- quick payment: no login; the card number is all the visitor gives ----------

export function quickCardCheck(customNum: string): Promise<QuickCardCheck> {
  return call('quickCardCheck', { custom_num: customNum });
}

export function useQuickCard(customNum: string) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'card', customNum],
    queryFn: () => quickCardCheck(customNum),
    enabled: customNum !== '',
    retry: false,
  });
}

export function useQuickPackages(customNum: string) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'packages', customNum],
    queryFn: ({ signal }) => call('quickPackages', { custom_num: customNum }, { signal }),
    enabled: customNum !== '',
  });
}

export function useQuickVouchers(customNum: string, packageId: number, enabled = true) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'vouchers', customNum, packageId],
    queryFn: ({ signal }) => call('quickVouchers', { custom_num: customNum, package_id: packageId }, { signal }),
    enabled: enabled && customNum !== '' && packageId > 0,
  });
}

export function createQuickOrder(body: QuickOrderRequest): Promise<QuickOrderAnswer> {
  return call('quickOrder', body);
}

export function repayQuickOrder(orderNo: string, accessKey: string): Promise<CreateOrderAnswer> {
  return call('quickRepay', { order_no: orderNo, access_key: accessKey });
}

export function useQuickOrder(orderNo: string, accessKey: string, poll: (order: Order | undefined) => number | false = () => false) {
  return useQuery({
    queryKey: ['commerce', 'quick', 'order', orderNo],
    queryFn: ({ signal }) => call('quickOrderDetail', { order_no: orderNo, access_key: accessKey }, { signal, silent: true }),
    enabled: orderNo !== '' && accessKey !== '',
    refetchInterval: (q) => poll(q.state.data),
    retry: false,
  });
}

/**
 * A success page's order: `paid` is the order once the server says it is paid (the coupon-package page only for a
 * coupon package), and then the card is refreshed (see refreshAfterPayment).
 */
export function usePaidOrder(orderNo: string, page: '/pay_success' | '/coupon_success') {
  const order = useOrder(orderNo);
  const o = order.data;
  const paid = o && (o.state === 'paid' || o.state === 'fulfilled') && (page === '/pay_success' || o.goods_type === 'coupon_package') ? o : null;
  const paidCard = paid?.custom_num ?? null;
  useEffect(() => {
    if (paidCard) void refreshAfterPayment(paidCard);
  }, [paidCard]);
  return { order, paid };
}

/**
 * After the server says an order is paid: the card changed (order_has_payment, expiry, balance,
 * usage), so card info is loaded again and stored for the card gates, and every cached commerce
 * and card answer is dropped.
 */
export async function refreshAfterPayment(customNum: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['commerce'] });
  await queryClient.invalidateQueries({ queryKey: ['card'] });
  try {
    rememberCardInfo(await queryClient.fetchQuery({ queryKey: cardInfoKey(customNum), queryFn: ({ signal }) => fetchCardInfo(customNum, signal), staleTime: 0 }), local);
  } catch {
    // the next page that needs card info loads it; the gates then use that
  }
}
