// Routes of data usage: see ./index.ts.

export const flow = 'GET /v2/card/flow';
export const dailyFlow = 'GET /v2/card_flow';
export const flowStatistics = 'GET /v1/card/flow_statistics';
export const flowSync = 'POST /v2/card/flow/sync';
export const cardLine = 'GET /v2/card/line';
