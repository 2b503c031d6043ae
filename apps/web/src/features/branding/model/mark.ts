// The agent mark of the landing URL (docs/spec/portal-spec.md §2): it picks the agent's branding.
const MARK = /^[A-Za-z0-9_-]{1,32}$/;

/** The agent mark of a query string, if it has a well-formed one: the same shape the server
 *  accepts (contract AgentMark); anything else would only be refused later. */
export function markFromQuery(search: string): string | undefined {
  const mark = new URLSearchParams(search).get('mark');
  return mark && MARK.test(mark) ? mark : undefined;
}
