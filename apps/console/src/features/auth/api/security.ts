// 账号安全: the operator's own password and second factor. Turning the factor on or off answers the
// operator as stored, which becomes the session's data at once.
import type { QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export const changePassword = (v: { old_password: string; new_password: string }) =>
  call(admin.adminChangePassword, { old_password: v.old_password, new_password: v.new_password });

export const enrolTotp = () => call(admin.adminTotpEnrol);
export const confirmTotp = (code: string) => call(admin.adminTotpConfirm, { code });
export const disableTotp = (password: string) => call(admin.adminTotpDisable, { password });

export const setSession = (qc: QueryClient, op: AdminAnswerOf<'adminSession'>) => qc.setQueryData(queryKeys.session, op);
