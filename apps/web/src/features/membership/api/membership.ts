// The member page's data: growth, level, next level, rights and the newest growth changes.
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/membership';
import { call } from '../../../lib/api';

export function useMember() {
  return useQuery({ queryKey: ['member'], queryFn: ({ signal }) => call(api.memberInfo, undefined, { signal }) });
}
