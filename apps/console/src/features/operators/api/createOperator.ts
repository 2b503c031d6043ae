import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf, OperatorRole } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { invalidateOperators } from './getOperators';
import * as admin from '@portal/contract/routes/admin';

export interface CreateValues {
  username: string;
  display_name: string;
  role: OperatorRole;
  agent_id?: number;
  password: string;
  confirm: string;
  reason: string;
}

/** `onCreated`: the answer — the new operator, or (a platform administrator) the request waiting for a second one. */
export function useCreateOperator(onCreated: (answer: AdminAnswerOf<'adminOperatorCreate'>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CreateValues) =>
      call(admin.adminOperatorCreate, {
        username: v.username.trim(),
        display_name: v.display_name.trim(),
        role: v.role,
        agent_id: v.role === 'agent_admin' ? (v.agent_id ?? null) : null,
        password: v.password,
        reason: v.reason.trim(),
      }),
    onSuccess: (r) => {
      onCreated(r);
      void invalidateOperators(qc);
    },
  });
}
