// Written by `npm run routes` from ../portal/membership.ts, where each endpoint is declared: do not edit.

export const memberInfo = 'GET /v2/member';
export const inviteMine = 'GET /v2/member/invite';
export const inviteRecords = 'GET /v2/member/invite_records';
export const inviteCheck = 'GET /v2/invite_code';
export const registerUser = 'POST /v2/bind_user';
export const popularize = 'GET /v2/popularize';
