import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** 查看完整信息: a mutation, not a query — the answer lives in its dialog only and is gone when it closes. */
export const useRevealRealName = (cardId: number) =>
  useMutation({ mutationFn: (reason: string) => call(admin.adminRealNameReveal, { card_id: cardId, reason }) });
