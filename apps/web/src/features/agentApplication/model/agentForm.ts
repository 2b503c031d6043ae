// The /agent form's own checks, before anything is sent (the server checks again).
import type { AgentChannel } from '@portal/contract/patterns/agentApplications';
import { MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { PERSON_NAME } from '@portal/contract/patterns/realName';

export type AgentField = 'name' | 'mobile' | 'code' | 'region' | 'channel' | 'notes' | 'agreed';

export interface AgentFields {
  name: string;
  mobile: string;
  code: string;
  province: string;
  city: string;
  channel: AgentChannel | '';
  notes: string;
  agreed: boolean;
}

export const EMPTY_AGENT_FORM: AgentFields = {
  name: '',
  mobile: '',
  code: '',
  province: '',
  city: '',
  channel: '',
  notes: '',
  agreed: false,
};

export function mobileError(mobile: string): string | null {
  const m = mobile.trim();
  if (!m) return MESSAGE.mobileEmpty;
  return PATTERN.mobile.test(m) ? null : MESSAGE.mobile;
}

export function agentFormError(f: AgentFields): { field: AgentField; message: string } | null {
  const name = f.name.trim();
  if (!name) return { field: 'name', message: '请输入姓名' };
  if ([...name].length < PERSON_NAME.min || [...name].length > PERSON_NAME.max || !PERSON_NAME.pattern.test(name))
    return { field: 'name', message: PERSON_NAME.message };
  const m = mobileError(f.mobile);
  if (m) return { field: 'mobile', message: m };
  if (!/^\d{6}$/.test(f.code.trim())) return { field: 'code', message: '请输入6位验证码' };
  if (!f.province || !f.city) return { field: 'region', message: '请选择所在省份和城市' };
  if (!f.channel) return { field: 'channel', message: '请选择销售方式' };
  if ([...f.notes.trim()].length > 200) return { field: 'notes', message: '备注最多 200 个字' };
  if (!f.agreed) return { field: 'agreed', message: '请阅读并同意代理合作协议' };
  return null;
}
