// The signed-in operator, shared by the layout and the pages (its key: queryKeys.session).
import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from './api';
import { queryKeys } from './queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Operator = AdminAnswerOf<'adminSession'>;

export function useOperator() {
  return useQuery({ queryKey: queryKeys.session, queryFn: () => call(admin.adminSession), retry: false, staleTime: 60_000 });
}

export function allows(op: Operator | undefined, permission: string): boolean {
  return !!op?.permissions.includes(permission);
}
