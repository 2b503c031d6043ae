// Routes of agent applications (/agent, open without login): see ./index.ts.

export const agentApplicationCreate = 'POST /v2/agent_applications';
export const agentApplicationLookup = 'POST /v2/agent_applications/lookup';
