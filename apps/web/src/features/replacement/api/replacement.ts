import type { ChangeCardInfo, ChangeCardRequest } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/realName';
import { call } from '../../../lib/api';

export type ChangeCardApplication = NonNullable<ChangeCardInfo['application']>;
export type ApplicationStatus = ChangeCardApplication['status'];

export const changeCardInfoKey = (customNum: string) => ['replacement', 'info', customNum] as const;
export const changeCardContentKey = (customNum: string) => ['replacement', 'content', customNum] as const;

export type { ChangeCardInfo, ChangeCardRequest };

export function useChangeCardInfo(customNum: string | undefined) {
  return useQuery({
    queryKey: changeCardInfoKey(customNum ?? ''),
    queryFn: ({ signal }) => call(api.changeCardInfo, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** The replacement notice (includes the warning about moving a card to another device). */
export function useChangeCardContent(customNum: string | undefined) {
  return useQuery({
    queryKey: changeCardContentKey(customNum ?? ''),
    queryFn: ({ signal }) => call(api.changeCardContent, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    staleTime: 10 * 60_000,
  });
}

export function submitChangeCard(body: ChangeCardRequest): Promise<ChangeCardInfo> {
  // a form's call: the application shows a refusal in its form, so no toast over the fields
  return call(api.changeCard, body, { form: true });
}
