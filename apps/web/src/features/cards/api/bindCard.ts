import type { BindCardAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/cards';
import { call } from '../../../lib/api';
import { bindListKey } from './bindList';

export function bindCard(customNum: string, password?: string): Promise<BindCardAnswer> {
  return call(api.bindCard, { custom_num: customNum, password: password || undefined }, { form: true });
}

export function useBindCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { customNum: string; password?: string }) => bindCard(v.customNum, v.password),
    onSuccess: () => qc.invalidateQueries({ queryKey: bindListKey }),
  });
}
