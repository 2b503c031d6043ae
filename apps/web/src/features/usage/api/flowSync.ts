import type { FlowSyncAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/usage';
import { call } from '../../../lib/api';
import { flowKey } from './flow';

/** Re-reads usage from the carrier (carrier data lags; the server allows one sync per card every
 *  30 seconds and says so in `refreshed` / `retry_after_seconds`). */
export function syncFlow(customNum: string): Promise<FlowSyncAnswer> {
  return call(api.flowSync, { custom_num: customNum });
}

export function useFlowSync(customNum: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => syncFlow(customNum!),
    onSuccess: (answer) => {
      qc.setQueryData(flowKey(answer.custom_num), answer);
      // The daily records, the statistics and the home page's figures come from the same sync.
      return qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'usage' && q.queryKey[2] === answer.custom_num && q.queryKey[1] !== 'flow',
      });
    },
  });
}
