// Written by `npm run routes` from ../portal/upgrade.ts, where each endpoint is declared: do not edit.

export const upgradeOptions = 'GET /v1/upgrade/options';
export const upgradeQuote = 'GET /v1/upgrade/quote';
