// After a page changed the card (verified, personal information given, series chosen, replacement
// applied, a purchase or recharge paid): fetch its info again, so the stored copy the gates read is
// current, and drop every cached view of the card's line (state, figures, device plan, upgrade
// totals), so that every page agrees with the server's one read model at once
// (docs/decisions/0029). The prefixes are the features' query keys (features/*/api).
import type { QueryClient } from '@tanstack/react-query';
import { local } from '../../../lib/storage';
import { cardInfoKey, fetchCardInfo } from '../api/cardInfo';
import { rememberCardInfo } from './currentCard';

/** Query-key prefixes of everything that shows the card's line. */
const LINE_VIEWS = [['card'], ['realName'], ['usage'], ['device'], ['upgrade'], ['diagnosis']] as const;

export async function refreshCard(qc: QueryClient, customNum: string): Promise<void> {
  const answer = await qc.fetchQuery({
    queryKey: cardInfoKey(customNum),
    queryFn: ({ signal }) => fetchCardInfo(customNum, signal),
    staleTime: 0,
  });
  rememberCardInfo(answer, local);
  await Promise.all(LINE_VIEWS.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
