// Zod-free constants of agent applications (/agent), for the browser and the schemas in ../agentApplications.ts.

export const AGENT_CHANNELS = ['online_shop', 'physical_store', 'social', 'enterprise', 'other'] as const;
export type AgentChannel = (typeof AGENT_CHANNELS)[number];
export const AGENT_CHANNEL_LABEL: Record<AgentChannel, string> = {
  online_shop: '网店销售',
  physical_store: '实体门店',
  social: '朋友圈 / 社群',
  enterprise: '企业客户',
  other: '其他方式',
};
export const AGENT_APPLICATION_STATUSES = ['submitted', 'in_review', 'approved', 'rejected'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];
export const AGENT_APPLICATION_STATUS_LABEL: Record<AgentApplicationStatus, string> = {
  submitted: '已提交',
  in_review: '审核中',
  approved: '已通过',
  rejected: '未通过',
};
