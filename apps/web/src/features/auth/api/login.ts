import type { LoginAnswer, LoginRequest } from '@portal/contract';
import { call } from '../../../lib/api';

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return call('login', body);
}
