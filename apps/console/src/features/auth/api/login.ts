import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** Password, then the second factor's code when the account asks for one (status totp_required). */
export const login = (v: { username: string; password: string; totp?: string }) =>
  call(admin.adminLogin, { username: v.username, password: v.password, ...(v.totp ? { totp: v.totp } : {}) });

/** 退出: the session ends on the server (the cookie with it). */
export const logout = () => call(admin.adminLogout);
