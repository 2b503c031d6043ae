// The agent mark of the landing URL (docs/spec/portal-spec.md §2): it picks the agent's branding.
import { PATTERN } from '@portal/contract/patterns/account';

/** The agent mark of a query string, if it has a well-formed one: the same rule the server
 *  applies (contract AgentMark); anything else would only be refused later. */
export function markFromQuery(search: string): string | undefined {
  const mark = new URLSearchParams(search).get('mark');
  return mark && PATTERN.agentMark.test(mark) ? mark : undefined;
}
