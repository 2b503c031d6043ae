// Every portal endpoint's route, one export each: "METHOD /path" under /api. Written by
// `npm run routes` from ../portal/<area>.ts (../routesFile.ts): do not edit. Zod-free and split by
// area, so that a page's bundle carries only the routes of the areas it calls (the login page's
// first load has a budget); the web imports one file (`import * as api from
// '@portal/contract/routes/cards'`). This module's namespace is the list of portal endpoints.
export * from './account';
export * from './addresses';
export * from './afterSales';
export * from './agentApplications';
export * from './alerts';
export * from './auth';
export * from './branding';
export * from './cardNickname';
export * from './cardPassword';
export * from './cards';
export * from './chat';
export * from './commerce';
export * from './devices';
export * from './diagnosis';
export * from './errorReports';
export * from './gifts';
export * from './membership';
export * from './messages';
export * from './payeeConfirm';
export * from './realName';
export * from './shop';
export * from './tickets';
export * from './upgrade';
export * from './usage';
export * from './wechatJsSdk';
