// Written by `npm run routes` from ../portal/branding.ts, where each endpoint is declared: do not edit.

export const customerUrl = 'GET /v1/application/customer_url';
export const applicationInfo = 'GET /v2/application/info';
