import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { AgentDetail } from './getAgents';
import { useAgentSaved } from './useAgentSaved';

export function useSaveBranding(id: number, onSaved: () => void) {
  const saved = useAgentSaved(id);
  return useMutation({
    mutationFn: (v: AgentDetail['branding'] & { reason: string }) => {
      const { reason, ...branding } = v;
      return call('adminAgentBrandingSave', { id, branding, reason });
    },
    onSuccess: (d) => {
      saved(d);
      onSaved();
    },
  });
}
