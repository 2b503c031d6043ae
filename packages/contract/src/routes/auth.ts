// Routes of logins and sessions: see ./index.ts.

export const sendSmsCode = 'POST /v1/sms/code';
export const login = 'POST /v1/login';
export const logout = 'POST /v1/logout';
export const session = 'GET /v1/session';
