// Written by `npm run routes` from ../../admin/cardImports.ts, where each endpoint is declared: do not edit.

export const adminCardImportTemplate = 'GET /admin/card-imports/template';
export const adminCarrierAccountChoices = 'GET /admin/card-imports/carrier-accounts';
export const adminCardImportDryRun = 'POST /admin/card-imports/dry-run';
export const adminCardImportCommit = 'POST /admin/card-imports';
export const adminCardImportBatches = 'GET /admin/card-imports';
export const adminCardImportUndo = 'POST /admin/card-imports/undo';
export const adminCardPasswordPending = 'GET /admin/card-passwords/pending';
export const adminCardPasswordTake = 'POST /admin/card-passwords/take';
export const adminCardPasswordReset = 'POST /admin/cards/password-reset';
