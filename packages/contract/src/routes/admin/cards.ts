// Written by `npm run routes` from ../../admin/cards.ts, where each endpoint is declared: do not edit.

export const adminCardSearch = 'GET /admin/cards';
export const adminCardLookup = 'POST /admin/cards/lookup';
export const adminCardExport = 'GET /admin/cards/export';
export const adminCardStory = 'GET /admin/cards/story';
export const adminCardSetState = 'POST /admin/cards/state';
export const adminCardSetSeries = 'POST /admin/cards/series';
export const adminCardRealNameRemind = 'POST /admin/cards/real-name-remind';
export const adminCardTicketOpen = 'POST /admin/cards/ticket';
export const adminCardHolderView = 'GET /admin/cards/holder-view';
