// Routes of 账号安全 and the account's forgotten password: see ./index.ts. The password change is here
// rather than beside the login's routes: /login's first load carries those, and needs none of these.

export const changeUserPassword = 'POST /v1/user/password';

export const resetUserPassword = 'POST /v1/user/password/reset';
export const mobileChangeCode = 'POST /v1/user/mobile/code';
export const changeMobile = 'POST /v1/user/mobile';
