import type { LoginAnswer, LoginRequest } from '@portal/contract';
import * as api from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return call(api.login, body, { form: true });
}
