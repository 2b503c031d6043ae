// The signed-in operator, shared by the layout and the pages (react-query key 'session').
import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from './api';

export type Operator = AdminAnswerOf<'adminSession'>;
export const SESSION_KEY = ['session'] as const;

export function useOperator() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: () => call('adminSession'), retry: false, staleTime: 60_000 });
}

export function allows(op: Operator | undefined, permission: string): boolean {
  return !!op?.permissions.includes(permission);
}
