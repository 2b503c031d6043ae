import { describe, expect, it } from 'vitest';
import { faultReason } from './faults';

describe('a CWMP fault in the holder’s words', () => {
  it.each([
    ['cwmp.9007', '设备执行失败：设备不接受该设置值'],
    ['cwmp.9005', '设备执行失败：该型号不支持此设置（参数名不被设备识别）'],
    ['9008', '设备执行失败：该设置在设备上是只读的'],
    ['cwmp.9010', '设备执行失败：固件下载失败'],
    ['session_timeout', '设备执行失败：设备响应超时'],
    ['cwmp.8005', '设备执行失败（故障码 cwmp.8005），请联系客服'],
    ['', '设备执行失败（故障码 未知），请联系客服'],
  ])('%s', (code, reason) => {
    expect(faultReason(code)).toBe(reason);
  });
});
