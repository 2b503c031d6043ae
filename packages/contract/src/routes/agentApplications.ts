// Written by `npm run routes` from ../portal/agentApplications.ts, where each endpoint is declared: do not edit.

export const agentApplicationCreate = 'POST /v2/agent_applications';
export const agentApplicationLookup = 'POST /v2/agent_applications/lookup';
