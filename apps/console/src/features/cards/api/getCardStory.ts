import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CardStory = AdminAnswerOf<'adminCardStory'>;

export const useCardStory = (card: string) =>
  useQuery({ queryKey: queryKeys.cardStory(card), queryFn: () => call(admin.adminCardStory, { card }) });
