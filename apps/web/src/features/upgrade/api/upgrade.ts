// Reads of package upgrades (/v1/upgrade/*): the server's options and quotes for a device's card.
// The order itself goes through the shared checkout (orderQuote / orderCreate, goods_type 'upgrade').
import type { UpgradeOption, UpgradeOptionsAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/upgrade';
import { call } from '../../../lib/api';

export const upgradeKeys = {
  all: ['upgrade'] as const,
  options: (customNum: string) => ['upgrade', 'options', customNum] as const,
  quote: (customNum: string, packageId: number) => ['upgrade', 'quote', customNum, packageId] as const,
};

export function useUpgradeOptions(customNum: string | undefined) {
  return useQuery({
    queryKey: upgradeKeys.options(customNum ?? ''),
    queryFn: ({ signal }): Promise<UpgradeOptionsAnswer> => call(api.upgradeOptions, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    // the figures are pro rata by the minute: never show an old quote after a purchase
    staleTime: 0,
  });
}

export function useUpgradeQuote(customNum: string | undefined, packageId: number) {
  return useQuery({
    queryKey: upgradeKeys.quote(customNum ?? '', packageId),
    queryFn: ({ signal }): Promise<UpgradeOption> => call(api.upgradeQuote, { custom_num: customNum!, package_id: packageId }, { signal }),
    enabled: Boolean(customNum) && packageId > 0,
    staleTime: 0,
  });
}
