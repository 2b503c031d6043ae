// The card's gifts (/gift): read from the server, which checks the caller may reach the card.
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/gifts';
import { call } from '../../../lib/api';

export function useGifts(customNum: string | undefined) {
  return useQuery({
    queryKey: ['gifts', customNum],
    queryFn: ({ signal }) => call(api.cardGifts, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}
