// Operator accounts managed from the console (docs/decisions/0018): adding an operator, resetting a
// password, unlocking, disabling and changing a role need no SQL. Platform administrators only
// (permission operators.manage); every change carries a reason and is audited.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';
import { OperatorNewPassword } from './auth';
import { OPERATOR_ROLES } from './permissions';
import { AdminReason } from './orders';
import { PendingApproval } from './approvals';

const operatorId = wholeNumber('操作员不存在', { min: 1 });
const role = z.enum(OPERATOR_ROLES, { error: '请选择角色' });
const agentId = z.number({ error: '代理商有误' }).int('代理商有误').positive('代理商有误').nullable().default(null);

/** An agent administrator administers exactly one agent; the other roles none. */
function agentMatchesRole(b: { role: string; agent_id: number | null }, ctx: z.RefinementCtx) {
  if (b.role === 'agent_admin' && b.agent_id === null)
    ctx.addIssue({ code: 'custom', path: ['agent_id'], message: '代理管理员须选择所属代理商' });
  if (b.role !== 'agent_admin' && b.agent_id !== null)
    ctx.addIssue({ code: 'custom', path: ['agent_id'], message: '只有代理管理员可以关联代理商' });
}

export const OperatorUsername = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(3, '用户名 3–32 位')
  .max(32, '用户名 3–32 位')
  .regex(/^[a-z0-9_.-]+$/, '用户名只能包含小写字母、数字和 _ . -');
export const OperatorDisplayName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(40, '姓名最多 40 个字');

export const OperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: role,
  role_label: z.string(),
  agent: z.object({ id: z.number().int(), mark: z.string(), name: z.string() }).nullable(),
  disabled: z.boolean(),
  /** ISO time while the account is locked after wrong passwords, else null */
  locked_until: z.string().nullable(),
  failed_logins: z.number().int(),
  totp_enabled: z.boolean(),
  /** the latest session's start, null if never logged in */
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorRow = z.infer<typeof OperatorRow>;

export const OperatorCreateRequest = z
  .object({
    username: OperatorUsername,
    display_name: OperatorDisplayName,
    role,
    agent_id: agentId,
    password: OperatorNewPassword,
    reason: AdminReason,
  })
  .superRefine(agentMatchesRole);

export const OperatorRoleRequest = z.object({ id: operatorId, role, agent_id: agentId, reason: AdminReason }).superRefine(agentMatchesRole);

export const adminOperatorEndpoints = adminArea({
  adminOperatorList: {
    route: 'GET /admin/operators',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '操作员列表：角色、代理商、停用与锁定状态、两步验证、最近登录',
    answer: z.object({ items: z.array(OperatorRow) }),
  },
  adminOperatorCreate: {
    route: 'POST /admin/operators/create',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '新建操作员（初始密码规则同修改密码；代理管理员须选择代理商；新增平台管理员待另一位平台管理员审批）',
    body: OperatorCreateRequest,
    answer: z.union([OperatorRow, PendingApproval]),
  },
  adminOperatorResetPassword: {
    route: 'POST /admin/operators/password',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '重置操作员密码（其所有登录随之失效；平台管理员的密码待另一位平台管理员审批）',
    body: z.object({ id: operatorId, password: OperatorNewPassword, reason: AdminReason }),
    answer: z.union([OperatorRow, PendingApproval]),
  },
  adminOperatorResetTotp: {
    route: 'POST /admin/operators/totp',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '重置操作员的两步验证（丢失手机时；其所有登录随之失效；平台管理员的待另一位平台管理员审批）',
    body: z.object({ id: operatorId, reason: AdminReason }),
    /** another platform administrator's waits for a second platform administrator (docs/decisions/0059) */
    answer: z.union([OperatorRow, PendingApproval]),
  },
  adminOperatorUnlock: {
    route: 'POST /admin/operators/unlock',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '解锁操作员（清除密码错误次数与锁定）',
    body: z.object({ id: operatorId, reason: AdminReason }),
    answer: OperatorRow,
  },
  adminOperatorSetDisabled: {
    route: 'POST /admin/operators/disabled',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '停用或启用操作员（停用即注销其所有登录；不能停用自己和最后一位平台管理员）',
    body: z.object({ id: operatorId, disabled: z.boolean({ error: '请选择停用或启用' }), reason: AdminReason }),
    answer: OperatorRow,
  },
  adminOperatorSetRole: {
    route: 'POST /admin/operators/role',
    access: 'operators.manage',
    tags: ['admin operators'],
    summary: '修改操作员角色与所属代理商（最后一位平台管理员不能降级；待另一位平台管理员审批）',
    body: OperatorRoleRequest,
    answer: z.union([OperatorRow, PendingApproval]),
  },
});
