// Routes of 账号安全 and the account's forgotten password: see ./index.ts.

export const resetUserPassword = 'POST /v1/user/password/reset';
export const mobileChangeCode = 'POST /v1/user/mobile/code';
export const changeMobile = 'POST /v1/user/mobile';
