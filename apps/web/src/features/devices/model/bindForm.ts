// The add-device form: both fields checked before sending (the server's rules), and where a
// server refusal belongs.
import { DeviceCode } from '@portal/contract/deviceCodes';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { DEVICE_SERIAL } from '@portal/contract/patterns/device';

export type BindField = 'serial' | 'custom_num';
export type BindProblems = Partial<Record<BindField, string>>;

export function bindFormProblems(serial: string, customNum: string): BindProblems {
  const out: BindProblems = {};
  const s = check(serial, '请输入设备序列号', DEVICE_SERIAL.pattern, DEVICE_SERIAL.message);
  if (s) out.serial = s;
  const c = check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
  if (c) out.custom_num = c;
  return out;
}

/** The field a refusal is shown at: a wrong pair at the card number (the serial exists), the rest at the serial. */
export function fieldOfRefusal(code: number | undefined): BindField | undefined {
  if (code === DeviceCode.PAIR_MISMATCH) return 'custom_num';
  if (code === DeviceCode.SERIAL_UNKNOWN || code === DeviceCode.ALREADY_BOUND) return 'serial';
  return undefined;
}
