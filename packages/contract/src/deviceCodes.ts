// Business codes of the wifi devices (106xx, HTTP 400), with their Chinese messages. Apart from
// ./codes.ts on purpose: that table is in the web app's first load (the error catalogue), and
// only the device pages need these (docs/decisions/0012-device-simulator.md).

export const DeviceCode = {
  /** an unknown card, a card without a device and somebody else's device alike: nothing leaks */
  NOT_FOUND: 10601,
  SERIAL_UNKNOWN: 10602,
  PAIR_MISMATCH: 10603,
  ALREADY_BOUND: 10604,
  CLIENT_NOT_CONNECTED: 10605,
  SIM_NOT_FOUND: 10606,
  CHANGE_NOT_FOUND: 10607,
  /** the change was applied, failed or cancelled already: too late to cancel */
  CHANGE_SETTLED: 10608,
  /** a reboot or reset of the same kind is already queued */
  CHANGE_PENDING: 10609,
  UNSUPPORTED: 10610,
  NOTHING_TO_CHANGE: 10611,
  /** the device's cloud (its ACS) cannot be reached now: nothing was sent and nothing written */
  UNREACHABLE: 10612,
} as const;
export type DeviceCode = (typeof DeviceCode)[keyof typeof DeviceCode];

export const DEVICE_MESSAGE: Record<DeviceCode, string> = {
  [DeviceCode.NOT_FOUND]: '未找到该设备',
  [DeviceCode.SERIAL_UNKNOWN]: '设备序列号不存在，请核对设备背面或包装盒上的序列号',
  [DeviceCode.PAIR_MISMATCH]: '设备序列号与卡号不匹配，请核对后重新输入',
  [DeviceCode.ALREADY_BOUND]: '该设备已被其他账号绑定',
  [DeviceCode.CLIENT_NOT_CONNECTED]: '该终端未连接到此设备',
  [DeviceCode.SIM_NOT_FOUND]: '该设备中没有这张 SIM 卡',
  [DeviceCode.CHANGE_NOT_FOUND]: '未找到该操作记录',
  [DeviceCode.CHANGE_SETTLED]: '该操作已处理，无法撤销',
  [DeviceCode.CHANGE_PENDING]: '已有相同的操作待生效，请稍候',
  [DeviceCode.UNSUPPORTED]: '该设备不支持此操作',
  [DeviceCode.NOTHING_TO_CHANGE]: '设置未改变',
  [DeviceCode.UNREACHABLE]: '设备暂时无法连接，请稍后再试',
};
