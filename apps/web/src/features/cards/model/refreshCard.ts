// After a gate-target page changed the card (verified, personal information given, series chosen,
// replacement applied): fetch its info again, so the stored copy the gates read is current.
import type { QueryClient } from '@tanstack/react-query';
import { local } from '../../../lib/storage';
import { cardInfoKey, fetchCardInfo } from '../api/cardInfo';
import { rememberCardInfo } from './currentCard';

export async function refreshCard(qc: QueryClient, customNum: string): Promise<void> {
  const answer = await qc.fetchQuery({
    queryKey: cardInfoKey(customNum),
    queryFn: ({ signal }) => fetchCardInfo(customNum, signal),
    staleTime: 0,
  });
  rememberCardInfo(answer, local);
  await qc.invalidateQueries({ queryKey: ['card'] });
  await qc.invalidateQueries({ queryKey: ['realName'] });
}
