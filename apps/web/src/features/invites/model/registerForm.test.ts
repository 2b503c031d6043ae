import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_FORM, registerFormError, type RegisterFields } from './registerForm';

const good: RegisterFields = {
  ...EMPTY_REGISTER_FORM,
  mobile: '13900139001',
  code: '123456',
  password: 'abc12345',
  password_again: 'abc12345',
  agreed: true,
};

describe('registration form', () => {
  it('a complete form passes', () => expect(registerFormError(good)).toBeNull());
  it.each([
    [{ mobile: '1390013900' }, 'mobile'],
    [{ code: '12345' }, 'code'],
    [{ password: 'abc123', password_again: 'abc123' }, 'password'],
    [{ password: '12345678', password_again: '12345678' }, 'password'],
    [{ password_again: 'abc123456' }, 'password_again'],
    [{ custom_num: '12ab' }, 'custom_num'],
    [{ custom_num: '1000000020', card_password: '12' }, 'card_password'],
    [{ agreed: false }, 'agreed'],
  ] as const)('%j fails at %s', (patch, field) => expect(registerFormError({ ...good, ...patch })?.field).toBe(field));
});
