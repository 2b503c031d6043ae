import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/cards';
import { call } from '../../../lib/api';
import type { AnswerOf } from '@portal/contract/endpoints';
import { bindListKey } from './bindList';

export function unbindCard(customNum: string): Promise<AnswerOf<'unbindCard'>> {
  return call(api.unbindCard, { custom_num: customNum });
}

export function useUnbindCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindCard,
    onSuccess: () => qc.invalidateQueries({ queryKey: bindListKey }),
  });
}
