import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type DeviceTasks = AdminAnswerOf<'adminDeviceTasks'>;
export type DeviceTask = DeviceTasks['items'][number];

export const deviceTasksKey = queryKeys.deviceTasks.ofCard;

/** A card's wifi device: its last inform and its tasks (the holder's changes). */
export const getDeviceTasks = (customNum: string) => call(admin.adminDeviceTasks, { custom_num: customNum });

export const retryDeviceTask = (customNum: string, id: number, reason: string) =>
  call(admin.adminDeviceTaskRetry, { custom_num: customNum, id, reason });

export const cancelDeviceTask = (customNum: string, id: number, reason: string) =>
  call(admin.adminDeviceTaskCancel, { custom_num: customNum, id, reason });

export type DeviceOverview = AdminAnswerOf<'adminDeviceOverview'>;
export type DeviceOverviewRow = DeviceOverview['items'][number];
export type OverviewFilter = { q: string; presence: '' | 'online' | 'offline'; task: '' | 'pending' | 'failed' | 'firmware' };

/** Under the tasks' key: a retry or a withdrawal refreshes the list too. */
export const deviceOverviewKey = (f: OverviewFilter) => [...queryKeys.deviceTasks.all, 'overview', f.q, f.presence, f.task] as const;

/** The wifi devices in the operator's scope, filtered (docs/decisions/0061-routers-behind-a-slow-acs.md). */
export const getDeviceOverview = (f: OverviewFilter) => call(admin.adminDeviceOverview, f);
