import type { AgentApplicationAnswer, AgentApplicationRequest } from '@portal/contract';
import type { AnswerOf } from '@portal/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import * as agent from '@portal/contract/routes/agentApplications';
import * as auth from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

export const agentApplicationKey = (key: string) => ['agentApplication', key] as const;

/** The application filed from this browser, by the key it kept. */
export function useAgentApplication(key: string | undefined) {
  return useQuery({
    queryKey: agentApplicationKey(key ?? ''),
    queryFn: ({ signal }) => call(agent.agentApplicationLookup, { key: key! }, { signal, silent: true }),
    enabled: Boolean(key),
  });
}

export function applyForAgent(body: AgentApplicationRequest): Promise<AgentApplicationAnswer> {
  return call(agent.agentApplicationCreate, body, { form: true });
}

export function lookUpByCode(mobile: string, code: string): Promise<AgentApplicationAnswer> {
  return call(agent.agentApplicationLookup, { mobile, code }, { form: true });
}

/** A code that proves the mobile of an agent application. */
export function sendAgentSmsCode(mobile: string, mark?: string): Promise<AnswerOf<'sendSmsCode'>> {
  return call(auth.sendSmsCode, { mobile, purpose: 'agent_apply', mark }, { form: true });
}
