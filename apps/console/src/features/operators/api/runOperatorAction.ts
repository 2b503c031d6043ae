import type { OperatorRole } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import type { Action } from '../model/actions';
import type { OperatorRow } from './getOperators';
import * as admin from '@portal/contract/routes/admin';

export interface ActionValues {
  password?: string;
  role?: OperatorRole;
  agent_id?: number;
  reason: string;
}

/** One row action (重置密码, 重置两步验证, 解锁, 停用/启用, 修改角色), with its reason. */
export function runOperatorAction(row: OperatorRow, action: Action, v: ActionValues) {
  const reason = v.reason;
  switch (action) {
    case 'password':
      return call(admin.adminOperatorResetPassword, { id: row.id, password: v.password ?? '', reason });
    case 'totp':
      return call(admin.adminOperatorResetTotp, { id: row.id, reason });
    case 'unlock':
      return call(admin.adminOperatorUnlock, { id: row.id, reason });
    case 'disable':
    case 'enable':
      return call(admin.adminOperatorSetDisabled, { id: row.id, disabled: action === 'disable', reason });
    case 'role':
      return call(admin.adminOperatorSetRole, {
        id: row.id,
        role: v.role!,
        agent_id: v.role === 'agent_admin' ? (v.agent_id ?? null) : null,
        reason,
      });
  }
}
