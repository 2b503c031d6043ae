import { describe, expect, it } from 'vitest';
import { faultReason, readFault } from './faults';

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

describe('a fault GenieACS keeps with its detail', () => {
  const labelOf = (path: string) => (path.endsWith('KeyPassphrase') ? 'WiFi密码' : path.endsWith('.SSID') ? 'WiFi名称' : undefined);
  const spv = (...entries: [string, string][]) => ({
    faultCode: '9003',
    faultString: 'Invalid arguments',
    setParameterValuesFault: entries.map(([parameterName, faultCode]) => ({
      parameterName,
      faultCode,
      faultString: 'Invalid parameter value',
    })),
  });
  const PASS = 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase';
  it.each([
    [
      'a 9003 naming the passphrase with 9007',
      spv([PASS, '9007']),
      'cwmp.9003/9007',
      '设备执行失败：WiFi密码：无效的参数值（设备不接受该设置值）',
    ],
    [
      'two parameters',
      spv([PASS, '9007'], ['Device.WiFi.SSID.1.SSID', '9008']),
      'cwmp.9003/9007,9008',
      '设备执行失败：WiFi密码：无效的参数值（设备不接受该设置值）；WiFi名称：该参数在设备上是只读的',
    ],
    ['a parameter the portal never sets', spv(['Device.X_VENDOR.Foo', '9006']), 'cwmp.9003/9006', '设备执行失败：参数 Foo：参数类型有误'],
    ['an unknown nested code', spv([PASS, '9099']), 'cwmp.9003/9099', '设备执行失败：WiFi密码：故障码 9099'],
    ['no per-parameter list', { faultCode: '9003', faultString: 'Invalid arguments' }, 'cwmp.9003', '设备执行失败：设备认为参数有误'],
    ['a script error (no FaultStruct)', { name: 'Error', message: 'boom' }, 'cwmp.9003', '设备执行失败：设备认为参数有误'],
  ])('%s', (_what, detail, code, reason) => {
    expect(readFault({ code: 'cwmp.9003', detail }, labelOf)).toEqual({ code, reason });
  });
});
