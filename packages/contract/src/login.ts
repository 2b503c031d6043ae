// The login models and the default agent mark, in a module of their own: the web app's first load
// (/login, docs/decisions/0025-first-load.md) needs these two and none of the label tables of
// ./enums.ts, which re-exports them.

export const LOGIN_MODELS = ['mobile', 'account', 'customNum'] as const;
export type LoginModel = (typeof LOGIN_MODELS)[number];

export const DEFAULT_AGENT_MARK = 'demo';
