import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';

export type ErrorGroups = AdminAnswerOf<'adminErrorGroups'>;
export type ErrorGroup = ErrorGroups['items'][number];
export type ErrorRelease = ErrorGroups['releases'][number];

export const errorGroupsKey = (release: string) => ['errorGroups', release] as const;

/** The groups, newest release first; one release's only when `release` is given. */
export const getErrorGroups = (release: string) => call('adminErrorGroups', release ? { release } : {});
