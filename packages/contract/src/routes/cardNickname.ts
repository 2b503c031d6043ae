// Route of a card's nickname (the user's own name for a bound card): see ./index.ts. Its own file,
// not routes/cards.ts: that module rides in /login's first load, this one only in the card list.

export const cardNickname = 'POST /v1/card/nickname';
