// The member page's data: growth, level, next level, rights and the newest growth changes.
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/membership';
import { call } from '../../../lib/api';

/** `enabled` false: not asked (a card-number login has no member account). */
export function useMember(enabled = true) {
  return useQuery({ queryKey: ['member'], queryFn: ({ signal }) => call(api.memberInfo, undefined, { signal }), enabled });
}
