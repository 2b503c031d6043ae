// A device's CWMP fault (TR-069 Annex A, fault codes 9000–9019, as GenieACS reports them:
// "cwmp.9007") in the words the holder reads on the change that failed.

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
