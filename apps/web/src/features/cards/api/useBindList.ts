import { useQuery } from '@tanstack/react-query';
import { bindListKey, fetchBindList } from './bindList';

export function useBindList(enabled = true) {
  return useQuery({ queryKey: bindListKey, queryFn: ({ signal }) => fetchBindList(signal), enabled });
}
