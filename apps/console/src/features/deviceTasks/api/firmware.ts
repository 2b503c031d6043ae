import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type FirmwareCatalogue = AdminAnswerOf<'adminFirmwareList'>;
export type FirmwareImage = FirmwareCatalogue['items'][number];

export const firmwareKey = queryKeys.firmware.ofModel;

/** The catalogue (every model, or one), with the models the device gateways know. */
export const getFirmware = (model?: string) => call(admin.adminFirmwareList, model ? { model } : {});

export interface NewFirmwareValues {
  model: string;
  version: string;
  file_name: string;
  url?: string;
  size_mb: number;
  notes?: string;
  reason: string;
}

export const registerFirmware = (v: NewFirmwareValues) =>
  call(admin.adminFirmwareCreate, {
    model: v.model,
    version: v.version,
    file_name: v.file_name,
    url: v.url ?? '',
    // the form asks in MB (what a release note says); the catalogue keeps bytes
    size_bytes: Math.round(v.size_mb * 1024 * 1024),
    notes: v.notes ?? '',
    reason: v.reason,
  });

export const withdrawFirmware = (id: number, reason: string) => call(admin.adminFirmwareWithdraw, { id, reason });

/** Card numbers typed one per line (or separated by commas or spaces). */
export const cardNumbersOf = (text: string) =>
  text
    .split(/[\s,，]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const pushFirmware = (customNum: string, also: string[], firmwareId: number, reason: string) =>
  call(admin.adminDeviceFirmwarePush, { custom_num: customNum, also, firmware_id: firmwareId, reason });

export const sizeText = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export type FirmwarePushRow = AdminAnswerOf<'adminFirmwarePushes'>['items'][number];
export type FirmwarePushFilter = Omit<AdminInputOf<'adminFirmwarePushes'>, 'limit' | 'before_id'>;
const PUSH_PAGE = 50;

/**
 * Every firmware push in the operator's scope, newest first by keyset: ListPage's key and pages.
 * Under the tasks' key, so a push or a withdrawal refreshes it (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md).
 */
export const firmwarePushesList = (f: FirmwarePushFilter) => ({
  queryKey: [...queryKeys.deviceTasks.all, 'pushes', f.state ?? '', f.model ?? '', f.from ?? '', f.to ?? ''] as const,
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminFirmwarePushes, { ...f, limit: PUSH_PAGE, ...(cursor ? { before_id: cursor } : {}) }),
});
