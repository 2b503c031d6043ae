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
