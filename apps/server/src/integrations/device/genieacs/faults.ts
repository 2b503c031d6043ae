// A device's CWMP fault (TR-069 Annex A, fault codes 9000–9019, as GenieACS reports them:
// "cwmp.9007") in the words the holder reads on the change that failed.
// A SetParameterValues refused for some parameters is a 9003 ("invalid arguments") whose FaultStruct
// names each parameter with its own code (A.3.2.1 SetParameterValuesFault); GenieACS keeps that
// struct as the fault's `detail`. The reason is then the parameter's, in its own words
// (docs/decisions/0061-routers-behind-a-slow-acs.md).
import type { ParameterKey } from '../capabilities';

const REASONS: Record<string, string> = {
  '9000': '设备不支持该操作',
  '9001': '设备拒绝了该请求',
  '9002': '设备内部错误，请稍后重试',
  '9003': '设备认为参数有误',
  '9004': '设备资源不足，请稍后重试',
  '9005': '该型号不支持此设置（参数名不被设备识别）',
  '9006': '设备认为参数类型有误',
  '9007': '设备不接受该设置值',
  '9008': '该设置在设备上是只读的',
  '9009': '设备无法接收该通知设置',
  '9010': '固件下载失败',
  '9011': '固件上传失败',
  '9012': '文件服务器认证失败',
  '9013': '设备不支持该文件传输协议',
  '9014': '无法加入组播组',
  '9015': '无法连接文件服务器',
  '9016': '无法访问该文件',
  '9017': '文件下载未完成',
  '9018': '文件已损坏',
  '9019': '文件认证失败',
};

/** The holder's reason for a fault code such as "cwmp.9007" (GenieACS) or "9007"; unknown codes are named. */
export function faultReason(code: string): string {
  const m = /(?:^|\.)(9\d{3})$/.exec(code.trim());
  const known = m ? REASONS[m[1]!] : undefined;
  if (known) return `设备执行失败：${known}`;
  if (/timeout/i.test(code)) return '设备执行失败：设备响应超时';
  return `设备执行失败（故障码 ${code.trim() || '未知'}），请联系客服`;
}

/** What a parameter-level fault says of the one parameter (the codes A.3.2.1 allows there). */
const PARAMETER_REASONS: Record<string, string> = {
  '9005': '参数名无效（该型号不识别此参数）',
  '9006': '参数类型有误',
  '9007': '无效的参数值（设备不接受该设置值）',
  '9008': '该参数在设备上是只读的',
};

/** The parameters a holder changes, in the pages' words. */
export const PARAMETER_LABEL: Partial<Record<ParameterKey, string>> = {
  'wifi.ssid': 'WiFi名称',
  'wifi.password': 'WiFi密码',
  'wifi.security': '加密方式',
  'wifi.advertised': '隐藏WiFi',
  'wifi.band': 'WiFi频段',
  'wifi.maxClients': '最大连接数',
  'cell.preferredTechnology': '网络模式',
  'sim.activeSlot': 'SIM卡槽',
  'host.blocked': '终端拉黑',
};

interface ParameterFault {
  parameterName: string;
  faultCode: string;
}

/** The per-parameter faults of a fault's detail (GenieACS: detail.setParameterValuesFault); [] when none. */
function parameterFaults(detail: unknown): ParameterFault[] {
  const list =
    detail !== null && typeof detail === 'object' ? (detail as { setParameterValuesFault?: unknown }).setParameterValuesFault : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object')
    .map((e) => ({ parameterName: String(e.parameterName ?? ''), faultCode: String(e.faultCode ?? '').trim() }))
    .filter((e) => e.faultCode !== '');
}

export interface FaultVerdict {
  /** what support reads: GenieACS's code, then the parameters' codes ("cwmp.9003/9007") */
  code: string;
  /** what the holder reads */
  reason: string;
}

/**
 * A GenieACS fault (code and detail) in the holder's words. `labelOf` names a parameter path in the
 * pages' words (undefined: a parameter the portal never sets, named by its last segment).
 */
export function readFault(fault: { code: string; detail?: unknown }, labelOf: (path: string) => string | undefined): FaultVerdict {
  const code = String(fault.code ?? '').trim();
  const nested = parameterFaults(fault.detail);
  if (nested.length === 0) return { code, reason: faultReason(code) };
  const parts = nested.map((f) => {
    const label = labelOf(f.parameterName) ?? `参数 ${f.parameterName.split('.').filter(Boolean).pop() ?? '未知'}`;
    return `${label}：${PARAMETER_REASONS[f.faultCode] ?? `故障码 ${f.faultCode}`}`;
  });
  return { code: `${code}/${[...new Set(nested.map((f) => f.faultCode))].join(',')}`, reason: `设备执行失败：${parts.join('；')}` };
}
