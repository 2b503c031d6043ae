import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/cardNickname';
import type { AnswerOf } from '@portal/contract/endpoints';
import { call } from '../../../lib/api';
import { bindListKey } from './bindList';

/** Silent: the card list shows the server's message at the nickname field, not as a toast. */
export function setCardNickname(customNum: string, nickname: string): Promise<AnswerOf<'cardNickname'>> {
  return call(api.cardNickname, { custom_num: customNum, nickname }, { silent: true });
}

export function useSetCardNickname() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ customNum, nickname }: { customNum: string; nickname: string }) => setCardNickname(customNum, nickname),
    onSuccess: () => qc.invalidateQueries({ queryKey: bindListKey }),
  });
}
