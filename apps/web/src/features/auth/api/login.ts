import type { LoginAnswer, LoginRequest } from '@portal/contract';
import { api } from '../../../lib/api';

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/v1/login', body);
}
