// Written by `npm run routes` from ../portal/diagnosis.ts, where each endpoint is declared: do not edit.

export const cardDiagnosis = 'GET /v2/go_card_diagnosis';
export const cardLineTest = 'POST /v1/card/check';
