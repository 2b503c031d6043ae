import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Package = AdminAnswerOf<'adminPackageList'>['items'][number];
export interface PackageFilter {
  agent_id?: number;
  package_type?: number;
}

/** 套餐 (and 代理价格: the same rows with their margins), of an agent and a type: one unpaged list. */
export const packagesList = (filter: PackageFilter) => ({
  queryKey: queryKeys.packages.list(filter),
  fetchPage: () => call(admin.adminPackageList, filter),
});
