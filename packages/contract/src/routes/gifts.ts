// Routes of a card's gifts (/gift): see ./index.ts.

export const cardGifts = 'GET /v1/card/gifts';
