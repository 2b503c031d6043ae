// Written by `npm run routes` from ../../admin/agents.ts, where each endpoint is declared: do not edit.

export const adminAgentList = 'GET /admin/agents';
export const adminAgentGet = 'GET /admin/agents/detail';
export const adminAgentCreate = 'POST /admin/agents/create';
export const adminAgentBrandingSave = 'POST /admin/agents/branding';
export const adminAgentFeaturesSave = 'POST /admin/agents/features';
export const adminAgentPaySave = 'POST /admin/agents/pay';
export const adminBrandingImageUpload = 'POST /admin/agents/:id/image';
export const adminSubAgentCreate = 'POST /admin/agents/sub/create';
export const adminSubAgentTerms = 'GET /admin/agents/sub/terms';
export const adminSubAgentTermsSave = 'POST /admin/agents/sub/terms';
export const brandingImage = 'GET /admin/public/branding-image/:image';
