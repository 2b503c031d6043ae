// Routes of the smart diagnosis and the card test: see ./index.ts.

export const cardDiagnosis = 'GET /v2/go_card_diagnosis';
export const cardLineTest = 'POST /v1/card/check';
