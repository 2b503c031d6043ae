import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** 查看完整信息: a mutation, not a query — the answer lives in its dialog only and is gone when it closes. */
export const useRevealRealName = (cardId: number) =>
  useMutation({ mutationFn: (reason: string) => call('adminRealNameReveal', { card_id: cardId, reason }) });
