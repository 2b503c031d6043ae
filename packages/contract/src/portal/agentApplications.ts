// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/agentApplications.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { AgentApplicationAnswer, AgentApplicationLookup, AgentApplicationRequest } from '../agentApplications';

export const agentApplicationsEndpoints = declareArea({
  agentApplicationCreate: {
    route: 'POST /v2/agent_applications',
    access: 'open',
    tags: ['agent'],
    summary: '申请成为代理（免登录；手机号需短信验证，purpose=agent_apply；每个手机号同时只有一份进行中的申请）',
    body: AgentApplicationRequest,
    answer: AgentApplicationAnswer,
  },
  agentApplicationLookup: {
    route: 'POST /v2/agent_applications/lookup',
    access: 'open',
    tags: ['agent'],
    summary: '查看代理申请的进度（凭提交时的申请凭证，或手机号与短信验证码）',
    body: AgentApplicationLookup,
    answer: AgentApplicationAnswer,
  },
});
