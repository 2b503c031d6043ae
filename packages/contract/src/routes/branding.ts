// Routes of an agent's branding: see ./index.ts.

export const customerUrl = 'GET /v1/application/customer_url';
export const applicationInfo = 'GET /v2/application/info';
