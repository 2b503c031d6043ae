// Written by `npm run routes` from ../portal/devices.ts, where each endpoint is declared: do not edit.

export const deviceList = 'GET /v1/device/list';
export const deviceStatus = 'GET /v1/device/status';
export const deviceBind = 'POST /v1/device/bind';
export const deviceUnbind = 'POST /v1/device/unbind';
export const deviceWifi = 'GET /v1/device/wifi';
export const deviceWifiChange = 'POST /v1/device/wifi';
export const deviceClients = 'GET /v1/device/clients';
export const deviceClientBlock = 'POST /v1/device/clients/block';
export const deviceClientUnblock = 'POST /v1/device/clients/unblock';
export const deviceSims = 'GET /v1/device/sims';
export const deviceSimSwitch = 'POST /v1/device/sims/switch';
export const deviceNetworkMode = 'POST /v1/device/network_mode';
export const deviceReboot = 'POST /v1/device/reboot';
export const deviceReset = 'POST /v1/device/reset';
export const deviceChanges = 'GET /v1/device/changes';
export const deviceChange = 'GET /v1/device/change';
export const deviceChangeCancel = 'POST /v1/device/change/cancel';
