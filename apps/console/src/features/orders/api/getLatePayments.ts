import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** 异常到账: money that arrived after its order closed and is not returned yet. */
export const useLatePayments = () => useQuery({ queryKey: queryKeys.orders.latePayments, queryFn: () => call(admin.adminLatePayments) });
