// Written by `npm run routes` from ../../admin/devices.ts, where each endpoint is declared: do not edit.

export const adminDeviceTasks = 'GET /admin/devices/tasks';
export const adminDeviceOverview = 'GET /admin/devices/overview';
export const adminDeviceTaskRetry = 'POST /admin/devices/tasks/retry';
export const adminDeviceTaskCancel = 'POST /admin/devices/tasks/cancel';
export const adminFirmwareList = 'GET /admin/devices/firmware';
export const adminFirmwareCreate = 'POST /admin/devices/firmware';
export const adminFirmwareWithdraw = 'POST /admin/devices/firmware/withdraw';
export const adminDeviceFirmwarePush = 'POST /admin/devices/firmware/push';
export const adminFirmwarePushes = 'GET /admin/devices/firmware/pushes';
