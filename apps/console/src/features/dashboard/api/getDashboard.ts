import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Dashboard = AdminAnswerOf<'adminDashboard'>;

export const useDashboard = () => useQuery({ queryKey: queryKeys.dashboard, queryFn: () => call(admin.adminDashboard) });
