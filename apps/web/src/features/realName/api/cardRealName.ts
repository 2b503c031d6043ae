import { api } from '../../../lib/api';
import type { CardRealNameAnswer, CardRealNameRequest } from './types';

/** Saves the card holder's personal information (/collect). */
export function submitCardRealName(body: CardRealNameRequest): Promise<CardRealNameAnswer> {
  return api.post<CardRealNameAnswer>('/v1/user/card_real_name', body);
}
