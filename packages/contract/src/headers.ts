// HTTP header names the server and the web client share. A module of its own: the web client's
// entry needs the header, not the table of codes beside it (docs/decisions/0025-first-load.md).

/** Header carrying a rotated token (docs/spec/portal-spec.md §4, session rules). */
export const NEW_TOKEN_HEADER = 'New-Token';
