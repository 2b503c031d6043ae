import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { toFen } from '../../../lib/zodRule';
import type { PayFields } from '../model/payForm';
import { useAgentSaved } from './useAgentSaved';
import * as admin from '@portal/contract/routes/admin';

export function useSavePay(id: number) {
  const saved = useAgentSaved(id);
  return useMutation({
    mutationFn: (v: PayFields) => {
      const { reason, ant_credit_min_yuan, ...rest } = v;
      return call(admin.adminAgentPaySave, { id, pay: { ...rest, ant_credit_min_money_fen: toFen(ant_credit_min_yuan) }, reason });
    },
    onSuccess: saved,
  });
}
