// The card story's actions (docs/decisions/0042-console-sees-as-holder.md): each a write with a
// reason; a success refreshes the card's story and the card lists (its state, series, tickets).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import type { Route } from '@portal/contract/route';
import { call, newRequestKey } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

type Action = 'adminCardSetState' | 'adminCardSetSeries' | 'adminCardRealNameRemind' | 'adminCardTicketOpen';

export function useCardAction<K extends Action>(name: K, card: string) {
  const qc = useQueryClient();
  return useMutation({
    // each Action has a body, so the call takes exactly one argument
    mutationFn: (body: AdminInputOf<K>) => (call as (r: Route, b: AdminInputOf<K>) => Promise<AdminAnswerOf<K>>)(admin[name], body),
    onSuccess: () => {
      // every story of the card, whichever identifier opened it (an ICCID's address included)
      void qc.invalidateQueries({ queryKey: queryKeys.cardStory(card).slice(0, 1) });
      void qc.invalidateQueries({ queryKey: queryKeys.cards.all });
      void qc.invalidateQueries({ queryKey: queryKeys.tickets.all });
    },
  });
}

/** 发券 to this one card: the vouchers area's own endpoint, one request id per opened form. */
export function useIssueVoucherToCard(card: string) {
  const qc = useQueryClient();
  // one id per opened form: the same submission twice issues once
  const [requestId] = useState(newRequestKey);
  return useMutation({
    mutationFn: (v: { name: string; amount_fen: number; min_spend_fen: number; valid_days: number; reason: string }) =>
      call(admin.adminVoucherIssue, { request_id: requestId, target: { kind: 'cards', custom_nums: [card] }, package_types: [], ...v }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.voucherBatches.all }),
  });
}

export type HolderView = AdminAnswerOf<'adminCardHolderView'>;

/** Read only when asked (each read is audited), never refetched behind the operator's back. */
export const useHolderView = (card: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.cardHolderView(card),
    queryFn: () => call(admin.adminCardHolderView, { card }),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
