// Every component the device pages use, imported by each of them through this one module: the
// device pages then share one chunk (and one stylesheet) instead of one per combination of pages,
// which keeps the first load's preload map short (every chunk name is listed there).
export { ChangeState } from './ChangeState';
export { DevicePicker } from './DevicePicker';
export { Maintenance } from './Maintenance';
export { NetworkSettings } from './NetworkSettings';
export { NoDevice } from './NoDevice';
export { SignalBadge } from './SignalBadge';
export { WifiSettings } from './WifiSettings';
export { DeviceTabBar } from './DeviceTabBar';
