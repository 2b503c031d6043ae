import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { AgentDetail } from './getAgents';
import { useAgentSaved } from './useAgentSaved';
import * as admin from '@portal/contract/routes/admin';

export function useSaveBranding(id: number, onSaved: () => void) {
  const saved = useAgentSaved(id);
  return useMutation({
    mutationFn: (v: AgentDetail['branding'] & { reason: string }) => {
      const { reason, ...branding } = v;
      return call(admin.adminAgentBrandingSave, { id, branding, reason });
    },
    onSuccess: (d) => {
      saved(d);
      onSaved();
    },
  });
}
