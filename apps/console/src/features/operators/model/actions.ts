// 操作员's row actions: what each is called and what it does, said before it is confirmed.
import { OPERATOR_ROLE_LABEL, OPERATOR_ROLES, OPERATOR_STATE_LABEL, type OperatorRole } from '@portal/contract/admin';
import { labelled } from '../../../lib/labels';

export type Action = 'password' | 'totp' | 'unlock' | 'disable' | 'enable' | 'role';

export const ACTION_TITLE: Record<Action, string> = {
  password: '重置密码',
  totp: '重置两步验证',
  unlock: '解锁',
  disable: '停用',
  enable: '启用',
  role: '修改角色',
};

export const ACTION_NOTE: Record<Action, string> = {
  password:
    '重置后该操作员的所有登录立即失效，请将新密码当面或通过安全渠道告知本人。重置平台管理员的密码需另一位平台管理员审批；您设置过密码的操作员与您不能互相审批。',
  totp: '用于操作员丢失手机：关闭其两步验证，其所有登录立即失效，之后凭密码登录并可重新开启。重置平台管理员的两步验证需另一位平台管理员审批；您重置过两步验证的操作员与您不能互相审批。',
  unlock: '清除密码错误次数与锁定，该操作员可立即重新登录。',
  disable: '停用后该操作员的所有登录立即失效，且无法再登录，直到重新启用。',
  enable: '启用后该操作员可以重新登录。',
  role: '修改角色需另一位平台管理员审批，通过后新角色的权限在其下一次操作时生效。',
};

/** A destructive action: a red confirm button. */
export const isDangerous = (a: Action) => a === 'disable' || a === 'password' || a === 'totp';

export const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABEL[r] }));
export const ROLE_COLOR: Record<OperatorRole, string> = { platform_admin: 'red', agent_admin: 'blue', support: 'green', finance: 'gold' };

/** 正常 / 已停用: the contract's words (the export says the same), the console's colours. */
export const OPERATOR_STATES = labelled<keyof typeof OPERATOR_STATE_LABEL>(OPERATOR_STATE_LABEL, { enabled: 'green', disabled: 'default' });
