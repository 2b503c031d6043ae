// An agent and the agents above it (docs/decisions/0067-agents-in-levels.md): three levels at most,
// so the agent, its parent and its grandparent. A condition on the row's agent_id column.
import { sql } from 'kysely';

export const ofAgentOrParents = (agentId: number) =>
  sql<boolean>`agent_id in (select cast(${agentId} as integer) union all select parent_id from agents where id = ${agentId} union all select p.parent_id from agents a join agents p on p.id = a.parent_id where a.id = ${agentId})`;
