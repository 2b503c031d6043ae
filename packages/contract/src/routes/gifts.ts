// Written by `npm run routes` from ../portal/gifts.ts, where each endpoint is declared: do not edit.

export const cardGifts = 'GET /v1/card/gifts';
