// The add-device form: every field checked before sending (the server's rules), and where a
// server refusal belongs. Adding a device proves holding it: the serial, the card in it and that
// card's password (docs/decisions/0028); the server gives one answer for any of the three wrong.
import { Code } from '@portal/contract/codes';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { DEVICE_SERIAL } from '@portal/contract/patterns/device';

export type BindField = 'serial' | 'custom_num' | 'password';
export type BindProblems = Partial<Record<BindField, string>>;

export function bindFormProblems(serial: string, customNum: string, password: string): BindProblems {
  const out: BindProblems = {};
  const s = check(serial, '请输入设备序列号', DEVICE_SERIAL.pattern, DEVICE_SERIAL.message);
  if (s) out.serial = s;
  const c = check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
  if (c) out.custom_num = c;
  const p = check(password, MESSAGE.cardPasswordEmpty, PATTERN.cardPassword, MESSAGE.cardPassword);
  if (p) out.password = p;
  return out;
}

/**
 * The field a refusal is shown at: the one answer for a wrong serial, pair or password (and a lock)
 * at the password, which is what the user re-types; a device someone else holds at the serial.
 */
export function fieldOfRefusal(code: number | undefined): BindField | undefined {
  if (code === Code.CARD_PASSWORD_WRONG || code === Code.LOCKED || code === Code.RATE_LIMITED) return 'password';
  if (code === DeviceCode.ALREADY_BOUND) return 'serial';
  return undefined;
}
