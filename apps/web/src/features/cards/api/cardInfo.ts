// Fetcher and key only: /login loads the current card's info before landing, without TanStack
// Query in its first load. The hook is in useCardInfo.ts.
import type { CardInfoAnswer } from '@portal/contract';
import * as api from '@portal/contract/routes/cards';
import { call } from '../../../lib/api';

export const cardInfoKey = (customNum: string) => ['card', 'info', customNum] as const;

export function fetchCardInfo(customNum: string, signal?: AbortSignal): Promise<CardInfoAnswer> {
  return call(api.cardInfo, { custom_num: customNum }, { signal });
}
