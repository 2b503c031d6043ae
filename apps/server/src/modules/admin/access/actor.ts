import type { OperatorRole } from '@portal/contract/admin';

/** The operator behind an admin request, as serve() hands it to the handler and the audit records it. */
export interface AdminActor {
  id: number;
  username: string;
  displayName: string;
  role: OperatorRole;
  /** an agent administrator's agent; null for the other roles */
  agentId: number | null;
  /** an agent administrator's agent and its sub-agents (docs/decisions/0067); absent for the other roles */
  subtree?: readonly number[];
  sessionId: number;
  requestId: string;
  ip: string;
}
