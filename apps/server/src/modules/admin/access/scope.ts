// Which rows an operator sees: an agent administrator only their agent's (cards, customers,
// orders, prices, branding); every other role all of them. A repository filters with agentFilter;
// a handler fetching one row by id checks it with assertInScope, so a guessed id of another agent's
// row answers "not found" rather than the row.
import { Code } from '@portal/contract/codes';
import type { OperatorRole } from '@portal/contract/admin';
import { AppError } from '../../../lib/errors';

export interface OperatorScope {
  role: OperatorRole;
  agentId: number | null;
}

/** The agent whose rows alone the operator sees; null: every agent's. */
export function agentFilter(op: OperatorScope): number | null {
  if (op.role !== 'agent_admin') return null;
  // an agent administrator without an agent would see everything: refuse instead
  if (op.agentId === null) throw new AppError(Code.FORBIDDEN, '该账号未关联代理，请联系平台管理员');
  return op.agentId;
}

export function inScope(op: OperatorScope, rowAgentId: number): boolean {
  const agent = agentFilter(op);
  return agent === null || agent === rowAgentId;
}

/** A row of another agent answers as if it did not exist. */
export function assertInScope(op: OperatorScope, rowAgentId: number | null | undefined): void {
  if (rowAgentId === null || rowAgentId === undefined || !inScope(op, rowAgentId)) throw new AppError(Code.NOT_FOUND, '记录不存在');
}
