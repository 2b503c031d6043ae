// Every portal endpoint's route, one export each: "METHOD /path" under /api. This half of each
// endpoint's declaration is zod-free and split like the server's modules, so that a page's bundle carries only the
// routes of the areas it calls (the login page's first load has a budget); the web imports one file
// (`import * as api from '@portal/contract/routes/cards'`). `../endpoints.ts` binds each name to
// who may call it and to its schemas, and the type checker makes the two agree
// (docs/decisions/0009-endpoints-declared-once.md, docs/decisions/0050-one-endpoint-registry.md).
// This module's namespace is the list of portal endpoints (the console's: ./admin.ts): export
// nothing else from it.
export * from './auth';
export * from './cardPassword';
export * from './branding';
export * from './cards';
export * from './cardNickname';
export * from './usage';
export * from './realName';
export * from './commerce';
export * from './devices';
export * from './alerts';
export * from './upgrade';
export * from './diagnosis';
export * from './gifts';
export * from './tickets';
export * from './agentApplications';
export * from './membership';
export * from './shop';
export * from './chat';
export * from './errorReports';
export * from './payeeConfirm';
export * from './wechatJsSdk';
export * from './account';
export * from './messages';
export * from './afterSales';
export * from './addresses';
