// An agent application's states as the queue shows them: the contract's words, the console's colours.
import { AGENT_APPLICATION_STATUS_LABEL, type AgentApplicationStatus } from '@portal/contract/patterns/agentApplications';
import { labelled } from '../../../lib/labels';

export const APPLICATION_STATES = labelled<AgentApplicationStatus>(AGENT_APPLICATION_STATUS_LABEL, {
  submitted: 'gold',
  in_review: 'blue',
  approved: 'green',
  rejected: 'red',
});
