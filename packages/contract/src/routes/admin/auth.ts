// The console's auth routes: see ../admin.ts.

export const adminLogin = 'POST /admin/login';
export const adminLogout = 'POST /admin/logout';
export const adminSession = 'GET /admin/session';
export const adminChangePassword = 'POST /admin/password';
export const adminTotpEnrol = 'POST /admin/totp/enrol';
export const adminTotpConfirm = 'POST /admin/totp/confirm';
export const adminTotpDisable = 'POST /admin/totp/disable';
