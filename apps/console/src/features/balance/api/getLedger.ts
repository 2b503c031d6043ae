import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type LedgerEntry = AdminAnswerOf<'adminCardLedger'>['items'][number];
const PAGE = 50;

/** A card's balance and its ledger, newest first, 加载更多 by keyset; nothing until a card is asked for. */
export const useLedger = (card: string | null) =>
  useInfiniteQuery({
    queryKey: queryKeys.ledger.card(card),
    enabled: card !== null,
    queryFn: ({ pageParam }) => call(admin.adminCardLedger, { card: card!, limit: PAGE, ...(pageParam ? { before_id: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
