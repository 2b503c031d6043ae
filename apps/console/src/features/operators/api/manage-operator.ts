import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OperatorRole } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import type { Action } from '../model/actions';
import type { OperatorRow } from './get-operators';

export interface CreateValues {
  username: string;
  display_name: string;
  role: OperatorRole;
  agent_id?: number;
  password: string;
  confirm: string;
  reason: string;
}

export interface ActionValues {
  password?: string;
  role?: OperatorRole;
  agent_id?: number;
  reason: string;
}

export const invalidateOperators = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.operators.all });

export function useCreateOperator(onCreated: (username: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CreateValues) =>
      call('adminOperatorCreate', {
        username: v.username.trim(),
        display_name: v.display_name.trim(),
        role: v.role,
        agent_id: v.role === 'agent_admin' ? (v.agent_id ?? null) : null,
        password: v.password,
        reason: v.reason.trim(),
      }),
    onSuccess: (r) => {
      onCreated(r.username);
      void invalidateOperators(qc);
    },
  });
}

/** One row action, with its reason. */
export function runAction(row: OperatorRow, action: Action, v: ActionValues) {
  const reason = v.reason;
  switch (action) {
    case 'password':
      return call('adminOperatorResetPassword', { id: row.id, password: v.password ?? '', reason });
    case 'unlock':
      return call('adminOperatorUnlock', { id: row.id, reason });
    case 'disable':
    case 'enable':
      return call('adminOperatorSetDisabled', { id: row.id, disabled: action === 'disable', reason });
    case 'role':
      return call('adminOperatorSetRole', {
        id: row.id,
        role: v.role!,
        agent_id: v.role === 'agent_admin' ? (v.agent_id ?? null) : null,
        reason,
      });
  }
}
