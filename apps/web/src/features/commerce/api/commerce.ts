// The commerce calls. Prices always come from the server (quote, order); the client shows them.
import type { CreateOrderAnswer, CreateOrderRequest, Order, OrderListAnswer, Package, PackageListAnswer, Quote, QuoteRequest, RechargeOptions, VoucherListAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function usePackages(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'packages', customNum],
    queryFn: ({ signal }) => api.get<PackageListAnswer>('/v1/package/list', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function usePackage(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'package', customNum, packageId],
    queryFn: ({ signal }) => api.get<Package>('/v1/package/detail', { custom_num: customNum!, package_id: String(packageId) }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useUsableVouchers(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: ['commerce', 'vouchers', 'usable', customNum, packageId],
    queryFn: ({ signal }) => api.get<VoucherListAnswer>('/v1/voucher/usable', { custom_num: customNum!, package_id: String(packageId) }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
  });
}

export function useVouchers(customNum: string | undefined, status: 'usable' | 'invalid') {
  return useQuery({
    queryKey: ['commerce', 'vouchers', status, customNum],
    queryFn: ({ signal }) => api.get<VoucherListAnswer>('/v1/voucher/list', { custom_num: customNum!, status }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useQuote(body: QuoteRequest | null) {
  return useQuery({
    queryKey: ['commerce', 'quote', body],
    queryFn: () => api.post<Quote>('/v1/order/quote', body!, { silent: true }),
    enabled: body !== null,
    retry: false,
  });
}

export function createOrder(body: CreateOrderRequest): Promise<CreateOrderAnswer> {
  return api.post<CreateOrderAnswer>('/v1/order/create', body);
}

export function closeOrder(orderNo: string): Promise<Order> {
  return api.post<Order>('/v1/order/close', { order_no: orderNo });
}

export function useOrder(orderNo: string, poll: (order: Order | undefined) => number | false = () => false) {
  return useQuery({
    queryKey: ['commerce', 'order', orderNo],
    queryFn: ({ signal }) => api.get<Order>('/v1/order/detail', { order_no: orderNo }, { signal }),
    enabled: orderNo !== '',
    refetchInterval: (q) => poll(q.state.data),
  });
}

export function useOrders(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'orders', customNum],
    queryFn: ({ signal }) => api.get<OrderListAnswer>('/v1/order/list', { custom_num: customNum!, page: '1' }, { signal }),
    enabled: Boolean(customNum),
  });
}

export function useRechargeOptions(customNum: string | undefined) {
  return useQuery({
    queryKey: ['commerce', 'recharge', customNum],
    queryFn: ({ signal }) => api.get<RechargeOptions>('/v1/recharge/options', { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}
