// The /bind_card form: a card number (or the ICCID on the card's holder), and the card password
// exactly when the server says binding this card needs it (the bind check).
import { Code } from '@portal/contract/codes';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';

export type BindField = 'customNum' | 'password';

/** What the form knows about the typed card: not asked yet, or the bind check's answer. */
export type PasswordNeed = 'unknown' | 'needed' | 'none';

export function bindNumberError(customNum: string): string | undefined {
  return check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
}

/** The first problem before binding; undefined when the bind can be sent. */
export function bindFormError(customNum: string, password: string, need: PasswordNeed): { field: BindField; message: string } | undefined {
  const num = bindNumberError(customNum);
  if (num) return { field: 'customNum', message: num };
  if (need === 'needed' && !password) return { field: 'password', message: MESSAGE.cardPasswordEmpty };
  if (need !== 'none' && password && !PATTERN.cardPassword.test(password)) return { field: 'password', message: MESSAGE.cardPassword };
  return undefined;
}

/** The field a refusal of the bind (or of the bind check) points at; undefined for the form. */
export function bindErrorField(code: number | undefined): BindField | undefined {
  switch (code) {
    case Code.CARD_NOT_FOUND:
    case Code.CARD_ALREADY_BOUND:
    case Code.BAD_REQUEST:
      return 'customNum';
    case Code.CARD_PASSWORD_WRONG:
    case Code.CARD_PASSWORD_REQUIRED:
    case Code.LOCKED:
      return 'password';
    default:
      return undefined;
  }
}
