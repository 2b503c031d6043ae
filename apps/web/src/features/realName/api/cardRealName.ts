import * as api from '@portal/contract/routes/realName';
import { call } from '../../../lib/api';
import type { CardRealNameRequest } from '@portal/contract';
import type { AnswerOf } from '@portal/contract/endpoints';

/** Saves the card holder's personal information (/collect). */
export function submitCardRealName(body: CardRealNameRequest): Promise<AnswerOf<'cardRealName'>> {
  return call(api.cardRealName, body);
}
