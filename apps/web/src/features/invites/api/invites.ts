// Invitations: the user's own code, their records, a code's inviter, registration and the
// promotion page (the last three open without a login).
import { useQuery } from '@tanstack/react-query';
import type { RegisterAnswer, RegisterRequest } from '@portal/contract';
import type { AnswerOf } from '@portal/contract/endpoints';
import * as auth from '@portal/contract/routes/auth';
import * as api from '@portal/contract/routes/membership';
import { call } from '../../../lib/api';

/** `enabled` false: not asked (a card-number login has no user to invite from). */
export function useInviteMine(enabled = true) {
  return useQuery({ queryKey: ['inviteMine'], queryFn: ({ signal }) => call(api.inviteMine, undefined, { signal }), enabled });
}

/** `enabled` false: not asked (a card-number login has no user to invite from). */
export function useInviteRecords(enabled = true) {
  return useQuery({ queryKey: ['inviteRecords'], queryFn: ({ signal }) => call(api.inviteRecords, undefined, { signal }), enabled });
}

export function useInviteCheck(code: string, mark: string) {
  return useQuery({
    queryKey: ['inviteCheck', code, mark],
    queryFn: ({ signal }) => call(api.inviteCheck, { code, mark }, { signal, silent: true }),
    enabled: Boolean(code),
  });
}

export function usePopularize(mark: string, invite: string) {
  return useQuery({
    queryKey: ['popularize', mark, invite],
    queryFn: ({ signal }) => call(api.popularize, invite ? { mark, invite } : { mark }, { signal }),
  });
}

export function registerUser(body: RegisterRequest): Promise<RegisterAnswer> {
  return call(api.registerUser, body, { form: true });
}

export function sendRegisterSmsCode(mobile: string, mark?: string): Promise<AnswerOf<'sendSmsCode'>> {
  return call(auth.sendSmsCode, { mobile, purpose: 'register', mark }, { form: true });
}
