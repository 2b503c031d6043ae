// Whether a device fits a card, told on the product page before any address is typed.
// The server decides (the device's package series against the card's, and the card's agent):
// its device quote, asked early for the card, answers or refuses. Only "not for this card" stops
// the holder here; what else a quote may refuse (the stock, too many unpaid orders) the confirm
// step says, as before.
import { ShopCode } from '@portal/contract/shopCodes';
import { ApiError } from '../../../lib/api';

/** checking: the quote is on its way; unknown: no answer (the network) — the form is offered, the
 *  confirm step asks again. */
export type Fit = 'checking' | 'fits' | 'no' | 'unknown';

const NOT_FOR_THIS_CARD = new Set<number | undefined>([ShopCode.NOT_COMPATIBLE, ShopCode.PRODUCT_UNAVAILABLE]);

/** The fit a device quote for a card tells, from the query's state. */
export function fitOf(q: { isPending: boolean; error: unknown }): Fit {
  if (q.isPending) return 'checking';
  if (!q.error) return 'fits';
  if (!(q.error instanceof ApiError) || q.error.kind !== 'answer') return 'unknown';
  return NOT_FOR_THIS_CARD.has(q.error.code) ? 'no' : 'fits';
}
