import { useMutation } from '@tanstack/react-query';
import type { FeatureSwitches } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { useAgentSaved } from './useAgentSaved';
import * as admin from '@portal/contract/routes/admin';

export function useSaveFeatures(id: number) {
  const saved = useAgentSaved(id);
  return useMutation({
    mutationFn: (v: FeatureSwitches & { reason: string }) => {
      const { reason, ...features } = v;
      return call(admin.adminAgentFeaturesSave, { id, features, reason });
    },
    onSuccess: saved,
  });
}
