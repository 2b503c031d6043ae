import type { OperatorRole } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import type { Action } from '../model/actions';
import type { OperatorRow } from './getOperators';

export interface ActionValues {
  password?: string;
  role?: OperatorRole;
  agent_id?: number;
  reason: string;
}

/** One row action (重置密码, 解锁, 停用/启用, 修改角色), with its reason. */
export function runOperatorAction(row: OperatorRow, action: Action, v: ActionValues) {
  const reason = v.reason;
  switch (action) {
    case 'password':
      return call('adminOperatorResetPassword', { id: row.id, password: v.password ?? '', reason });
    case 'unlock':
      return call('adminOperatorUnlock', { id: row.id, reason });
    case 'disable':
    case 'enable':
      return call('adminOperatorSetDisabled', { id: row.id, disabled: action === 'disable', reason });
    case 'role':
      return call('adminOperatorSetRole', {
        id: row.id,
        role: v.role!,
        agent_id: v.role === 'agent_admin' ? (v.agent_id ?? null) : null,
        reason,
      });
  }
}
