// Written by `npm run routes` from ../portal/cards.ts, where each endpoint is declared: do not edit.

export const bindList = 'GET /v1/card/bind_list';
export const bindCard = 'POST /v1/card/bind';
export const unbindCard = 'POST /v1/card/unbind';
export const cardInfo = 'GET /v2/card/info';
export const clew = 'GET /v1/card/clew';
