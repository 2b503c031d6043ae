// The way to /forgot (a card password reset by the code sent to the card's mobile) for one card. A
// module of its own, free of the code table, because the login page's first load carries it.
import { PATTERN } from '@portal/contract/patterns/account';

/** /forgot for one card: the number filled in when it is one (a typo is left out). */
export function forgotPath(customNum: string): string {
  const num = customNum.trim();
  return PATTERN.cardNum.test(num) ? `/forgot?custom_num=${encodeURIComponent(num)}` : '/forgot';
}
