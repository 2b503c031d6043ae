// The devices module's public entry: the wifi devices (MiFi, CPE, multi-SIM) of a user's cards,
// their status and settings, and the changes queued for them (it owns devices and device_changes).
export { devicesRoutes } from './routes';
export { deviceByCard } from './repo';
export { cancelTask, deviceTasks, retryTask, supportDevice } from './support';
export { deviceOverview } from './overview';
export { firmwarePushList } from './firmwarePushes';
export { firmwareCatalogue, pushFirmware, registerFirmware, withdrawFirmware, type PushTarget } from './firmware';
