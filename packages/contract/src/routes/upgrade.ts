// Routes of package upgrades: see ./index.ts. The order is created by orderCreate (goods_type 'upgrade').

export const upgradeOptions = 'GET /v1/upgrade/options';
export const upgradeQuote = 'GET /v1/upgrade/quote';
