import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { UnbindCardAnswer } from '../../../lib/contractTypes';
import { bindListKey } from './bindList';

export function unbindCard(customNum: string): Promise<UnbindCardAnswer> {
  return api.post('/v1/card/unbind', { custom_num: customNum });
}

export function useUnbindCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindCard,
    onSuccess: () => qc.invalidateQueries({ queryKey: bindListKey }),
  });
}
