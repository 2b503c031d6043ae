// The device card's remaining data and plan expiry for /cpe, read here rather than through the
// usage and cards features' hooks: sharing those would split them into more chunks, and every
// chunk's name weighs on the first load's preload map.
import type { CardInfoAnswer, FlowAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as cards from '@portal/contract/routes/cards';
import * as usage from '@portal/contract/routes/usage';
import { call } from '../../../lib/api';

export function useCardUsage(customNum: string | undefined) {
  const flow = useQuery({
    // the usage feature's key: the same answer, cached once
    queryKey: ['usage', 'flow', customNum ?? ''],
    queryFn: ({ signal }): Promise<FlowAnswer> => call(usage.flow, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
  const info = useQuery({
    queryKey: ['card', 'info', customNum ?? ''],
    queryFn: ({ signal }): Promise<CardInfoAnswer> => call(cards.cardInfo, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
  return { flow, info };
}
