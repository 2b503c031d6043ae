// Written by `npm run routes` from ../portal/cardNickname.ts, where each endpoint is declared: do not edit.

export const cardNickname = 'POST /v1/card/nickname';
