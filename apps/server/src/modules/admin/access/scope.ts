// Which rows an operator sees: an agent administrator only their agent's subtree — their agent and
// the sub-agents below it (docs/decisions/0067-agents-in-levels.md): cards, customers, orders,
// prices, branding, commission — never a sibling's or a parent's; every other role all of them. A
// repository filters with agentFilter (the list of agents); a handler fetching one row by id checks
// it with assertInScope, so a guessed id of another agent's row answers "not found" rather than the row.
import { Code } from '@portal/contract/codes';
import type { OperatorRole } from '@portal/contract/admin';
import { AppError } from '../../../lib/errors';

export interface OperatorScope {
  role: OperatorRole;
  agentId: number | null;
  /** an agent administrator's agent and every sub-agent below it (loaded with the session); absent: the agent alone */
  subtree?: readonly number[];
}

/** The agents whose rows alone the operator sees; null: every agent's. */
export function agentFilter(op: OperatorScope): readonly number[] | null {
  const own = ownAgent(op);
  if (own === null) return null;
  return op.subtree && op.subtree.includes(own) ? op.subtree : [own];
}

/** The agent an agent administrator acts as (imports into, withdraws for by default); null for the other roles. */
export function ownAgent(op: OperatorScope): number | null {
  if (op.role !== 'agent_admin') return null;
  // an agent administrator without an agent would see everything: refuse instead
  if (op.agentId === null) throw new AppError(Code.FORBIDDEN, '该账号未关联代理，请联系平台管理员');
  return op.agentId;
}

export function inScope(op: OperatorScope, rowAgentId: number): boolean {
  const agents = agentFilter(op);
  return agents === null || agents.includes(rowAgentId);
}

/** A row of another agent answers as if it did not exist. */
export function assertInScope(op: OperatorScope, rowAgentId: number | null | undefined): void {
  if (rowAgentId === null || rowAgentId === undefined || !inScope(op, rowAgentId)) throw new AppError(Code.NOT_FOUND, '记录不存在');
}
