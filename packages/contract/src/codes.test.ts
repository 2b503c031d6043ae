import { describe, expect, it } from 'vitest';
import { Code, DEFAULT_MESSAGE, httpStatusOf } from './codes';
import * as loginCodes from './loginCodes';

describe('business code → HTTP status (docs/spec/decisions.md, docs/spec/portal-spec.md §8)', () => {
  it.each([
    [Code.OK, 200],
    [Code.CARD_NOT_FOUND, 400],
    [Code.BAD_REQUEST, 400],
    [Code.LOGIN_FAILED, 400],
    [Code.LOCKED, 400],
    [Code.SESSION_REVOKED, 200],
    [Code.UNAUTHORIZED, 401],
    [Code.FORBIDDEN, 403],
    [Code.NOT_FOUND, 404],
    [Code.PAYLOAD_TOO_LARGE, 413],
    [Code.RATE_LIMITED, 429],
    [Code.INTERNAL, 500],
    [12345, 400],
  ])('code %s → %s', (code, status) => expect(httpStatusOf(code)).toBe(status));

  it('every code has a Chinese default message', () => {
    for (const code of Object.values(Code)) {
      expect(DEFAULT_MESSAGE[code], `code ${code}`).toMatch(/[\u4e00-\u9fa5]|^ok$/);
    }
  });
});

describe('the login codes (./loginCodes.ts, what the login page takes instead of the table)', () => {
  it.each(Object.entries(loginCodes))('%s is the value in the table', (name, value) => {
    expect(Code[name as keyof typeof Code]).toBe(value);
  });
});
