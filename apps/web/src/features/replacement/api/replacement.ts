import type { ChangeCardInfo, ChangeCardRequest } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ChangeCardApplication = NonNullable<ChangeCardInfo['application']>;
export type ApplicationStatus = ChangeCardApplication['status'];

export const changeCardInfoKey = (customNum: string) => ['replacement', 'info', customNum] as const;
export const changeCardContentKey = (customNum: string) => ['replacement', 'content', customNum] as const;

export type { ChangeCardInfo, ChangeCardRequest };

export function useChangeCardInfo(customNum: string | undefined) {
  return useQuery({
    queryKey: changeCardInfoKey(customNum ?? ''),
    queryFn: ({ signal }) => api.get<ChangeCardInfo>('/v1/card/change_card_info', { custom_num: customNum }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** The replacement notice (includes the warning about moving a card to another device). */
export function useChangeCardContent(customNum: string | undefined) {
  return useQuery({
    queryKey: changeCardContentKey(customNum ?? ''),
    queryFn: ({ signal }) => api.get<{ title: string; content: string }>('/v2/overt/change_card_content', { custom_num: customNum }, { signal }),
    enabled: Boolean(customNum),
    staleTime: 10 * 60_000,
  });
}

export function submitChangeCard(body: ChangeCardRequest): Promise<ChangeCardInfo> {
  return api.post<ChangeCardInfo>('/v1/card/change_card', body);
}
