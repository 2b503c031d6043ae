import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type ErrorGroups = AdminAnswerOf<'adminErrorGroups'>;
export type ErrorGroup = ErrorGroups['items'][number];
export type ErrorRelease = ErrorGroups['releases'][number];

export const errorGroupsKey = queryKeys.errorGroups;

/** The groups, newest release first; one release's only when `release` is given. */
export const getErrorGroups = (release: string) => call(admin.adminErrorGroups, release ? { release } : {});
