import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** One adjustment per request id: a double click or a retry after a lost answer adjusts once. */
export const adjustBalance = (card: string, v: { amount: number; reason: string }, requestId: string) =>
  call(admin.adminBalanceAdjust, { card, amount_fen: Math.round(v.amount * 100), reason: v.reason, request_id: requestId });

/**
 * The card's money changed: its ledger here, and everywhere else it is shown — its story's 余额流水
 * and balance, and the card lists' balance column — is asked again.
 */
export const invalidateLedger = (qc: QueryClient, card: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.ledger.card(card) }),
    // a story may be open under the card's ICCID or MSISDN: every open story is asked again
    qc.invalidateQueries({ queryKey: queryKeys.cardStory(card).slice(0, 1) }),
    qc.invalidateQueries({ queryKey: queryKeys.cards.all }),
  ]);
