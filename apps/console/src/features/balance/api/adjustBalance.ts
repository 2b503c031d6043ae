import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** One adjustment per request id: a double click or a retry after a lost answer adjusts once. */
export const adjustBalance = (card: string, v: { amount: number; reason: string }, requestId: string) =>
  call('adminBalanceAdjust', { card, amount_fen: Math.round(v.amount * 100), reason: v.reason, request_id: requestId });

export const invalidateLedger = (qc: QueryClient, card: string) => qc.invalidateQueries({ queryKey: queryKeys.ledger.card(card) });
