// The codes a login or SMS-code request is refused with, as named constants: the login page takes
// these, not the whole Code table (./codes.ts), which would otherwise come with /login's first load
// (docs/decisions/0025-first-load.md). ./codes.ts builds its table from them: one value per code.

/** docs/spec/portal-spec.md §8: the client drops its stored card and goes home. */
export const CARD_NOT_FOUND = 10000;
export const LOGIN_FAILED = 10101;
export const SMS_CODE_INVALID = 10103;
export const SMS_TOO_FREQUENT = 10104;
export const USER_NOT_FOUND = 10105;
export const CARD_PASSWORD_WRONG = 10202;
export const CARD_PASSWORD_REQUIRED = 10203;
export const CARD_LOGIN_DISABLED = 10206;
