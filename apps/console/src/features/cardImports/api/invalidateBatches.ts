import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';

/** A batch written or removed changes the cards too: both lists are asked again. */
export function invalidateBatches(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.cardImports.all });
  void qc.invalidateQueries({ queryKey: queryKeys.cards.all });
}
