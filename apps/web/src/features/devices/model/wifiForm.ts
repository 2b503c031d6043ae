// The wifi settings form: what changed, whether the owner must be warned first, and the field
// problems (the same rules as the server's, from @portal/contract/patterns/device).
import type { WifiAnswer, WifiChangeRequest } from '@portal/contract';
import { MAX_CLIENTS, ssidProblem, wifiPasswordProblem } from '@portal/contract/patterns/device';

export type WifiForm = Pick<WifiAnswer, 'ssid' | 'password' | 'hidden' | 'security' | 'band' | 'max_clients'>;
export type WifiChanges = Omit<WifiChangeRequest, 'custom_num'>;

/** Only the fields that differ from what the device has. */
export function wifiChanges(current: WifiForm, form: WifiForm): WifiChanges {
  const out: WifiChanges = {};
  if (form.ssid !== current.ssid) out.ssid = form.ssid;
  if (form.password !== current.password) out.password = form.password;
  if (form.hidden !== current.hidden) out.hidden = form.hidden;
  if (form.security !== current.security) out.security = form.security;
  if (form.band !== current.band) out.band = form.band;
  if (form.max_clients !== current.max_clients) out.max_clients = form.max_clients;
  return out;
}

/**
 * The router hides its passphrase and the portal has none to show (password_read false, 未读取): an
 * empty field then means "keep it" — not checked, not sent, and no join code can be drawn without it
 * (docs/decisions/0061-routers-behind-a-slow-acs.md).
 */
export function keepsHiddenPassword(current: Pick<WifiAnswer, 'password_read'>, form: Pick<WifiForm, 'password'>): boolean {
  return !current.password_read && form.password === '';
}

/** A new name, password or security makes every connected client join again. */
export function dropsClients(changes: WifiChanges): boolean {
  return changes.ssid !== undefined || changes.password !== undefined || changes.security !== undefined;
}

/** What the owner is told before clients drop off: what they will have to join with again. */
export function dropWarning(changes: WifiChanges): string {
  const what = [changes.ssid !== undefined && '名称', changes.password !== undefined && '密码'].filter(Boolean).join('和') || '加密方式';
  return `生效后，所有已连接的设备都会断开（可能包括您正在使用的这部手机），需要用新的${what}重新连接。`;
}

export function wifiFormProblems(form: WifiForm): Partial<Record<'ssid' | 'password' | 'max_clients', string>> {
  const out: Partial<Record<'ssid' | 'password' | 'max_clients', string>> = {};
  const ssid = ssidProblem(form.ssid);
  if (ssid) out.ssid = ssid;
  const password = wifiPasswordProblem(form.password);
  if (password) out.password = password;
  if (!Number.isInteger(form.max_clients) || form.max_clients < MAX_CLIENTS.min || form.max_clients > MAX_CLIENTS.max) {
    out.max_clients = `最大连接数为${MAX_CLIENTS.min}-${MAX_CLIENTS.max}`;
  }
  return out;
}
