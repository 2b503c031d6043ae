// Operator logins, sessions, own password and the TOTP second factor.
import { z } from 'zod';
import { adminArea } from './define';
import { OPERATOR_ROLES, type OperatorRole } from './permissions';

export const OPERATOR_ROLE_LABEL: Record<OperatorRole, string> = {
  platform_admin: '平台管理员',
  agent_admin: '代理管理员',
  support: '客服',
  finance: '财务',
};
/** An operator account's state and second factor in words: 操作员's list and its export say the same. */
export const OPERATOR_STATE_LABEL = { enabled: '正常', disabled: '已停用' } as const;
export const operatorStateOf = (disabled: boolean): keyof typeof OPERATOR_STATE_LABEL => (disabled ? 'disabled' : 'enabled');
export const TOTP_STATE_LABEL = { on: '已开启', off: '未开启' } as const;
export const totpStateOf = (enabled: boolean): keyof typeof TOTP_STATE_LABEL => (enabled ? 'on' : 'off');

const username = z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长');
const password = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长');
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '动态验证码为 6 位数字');

export const AdminLoginRequest = z.object({
  username,
  password,
  /** the 6-digit code of the authenticator app, when the operator has turned the second factor on */
  totp: totpCode.optional(),
});

export const AdminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  role_label: z.string(),
  /** the agent of an agent administrator */
  agent: z.object({ id: z.number().int(), mark: z.string(), name: z.string() }).nullable(),
  totp_enabled: z.boolean(),
  /** what the operator may do (the console shows only these areas); the server checks each call */
  permissions: z.array(z.string()),
});

export const AdminLoginAnswer = z.discriminatedUnion('status', [
  /** password right, the second factor is on: send again with `totp` */
  z.object({ status: z.literal('totp_required') }),
  z.object({ status: z.literal('ok'), operator: AdminOperator, expires_at: z.string() }),
]);

const newPassword = z
  .string({ error: '请输入新密码' })
  .min(8, '新密码至少 8 位')
  .max(64, '新密码不能超过 64 位')
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), '新密码需同时包含字母和数字');

export const AdminPasswordRequest = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码过长'),
  new_password: newPassword,
});

export const AdminTotpEnrolAnswer = z.object({
  /** base32, for typing into an authenticator app */
  secret: z.string(),
  /** otpauth://totp/… for a QR code */
  uri: z.string(),
});
export const AdminTotpConfirmRequest = z.object({ code: totpCode });
export const AdminTotpDisableRequest = z.object({ password });

export const adminAuthEndpoints = adminArea({
  adminLogin: {
    route: 'POST /admin/login',
    access: 'open',
    tags: ['admin auth'],
    summary: '运营后台登录：用户名+密码（开启两步验证时另需动态验证码）；连续错误 5 次锁定 15 分钟',
    body: AdminLoginRequest,
    answer: AdminLoginAnswer,
  },
  adminLogout: {
    route: 'POST /admin/logout',
    access: 'self',
    tags: ['admin auth'],
    summary: '退出运营后台（注销当前会话）',
    answer: z.null(),
  },
  adminSession: {
    route: 'GET /admin/session',
    access: 'self',
    tags: ['admin auth'],
    summary: '当前登录的运营人员、角色与权限',
    answer: AdminOperator,
  },
  adminChangePassword: {
    route: 'POST /admin/password',
    access: 'self',
    tags: ['admin auth'],
    summary: '修改自己的登录密码（其他登录随之失效）',
    body: AdminPasswordRequest,
    answer: z.null(),
  },
  adminTotpEnrol: {
    route: 'POST /admin/totp/enrol',
    access: 'self',
    tags: ['admin auth'],
    summary: '开始开启两步验证：生成密钥与 otpauth 链接（确认前不生效）',
    answer: AdminTotpEnrolAnswer,
  },
  adminTotpConfirm: {
    route: 'POST /admin/totp/confirm',
    access: 'self',
    tags: ['admin auth'],
    summary: '用动态验证码确认开启两步验证',
    body: AdminTotpConfirmRequest,
    answer: AdminOperator,
  },
  adminTotpDisable: {
    route: 'POST /admin/totp/disable',
    access: 'self',
    tags: ['admin auth'],
    summary: '关闭两步验证（需要登录密码）',
    body: AdminTotpDisableRequest,
    answer: AdminOperator,
  },
});

/** The strength rule of a new password, shared by the operators area (create, reset). */
export const OperatorNewPassword = newPassword;
