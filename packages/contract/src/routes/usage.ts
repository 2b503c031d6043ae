// Written by `npm run routes` from ../portal/usage.ts, where each endpoint is declared: do not edit.

export const flow = 'GET /v2/card/flow';
export const cardLine = 'GET /v2/card/line';
export const dailyFlow = 'GET /v2/card_flow';
export const flowStatistics = 'GET /v1/card/flow_statistics';
export const flowSync = 'POST /v2/card/flow/sync';
