// 账号安全: the operator's own password and second factor. Turning the factor on or off answers the
// operator as stored, which becomes the session's data at once.
import type { QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const changePassword = (v: { old_password: string; new_password: string }) =>
  call('adminChangePassword', { old_password: v.old_password, new_password: v.new_password });

export const enrolTotp = () => call('adminTotpEnrol');
export const confirmTotp = (code: string) => call('adminTotpConfirm', { code });
export const disableTotp = (password: string) => call('adminTotpDisable', { password });

export const setSession = (qc: QueryClient, op: AdminAnswerOf<'adminSession'>) => qc.setQueryData(queryKeys.session, op);
