// Zod-free constants of 在线咨询, the built-in chat on the ticket system (docs/decisions/0034), for
// the browser and the schemas in ../chat.ts.

/** The longest message, in characters (a chat line, not a letter: /suggest takes 500 too). */
export const CHAT_MAX_TEXT = 500;
/** Who wrote a message: the card holder, or the agent's support in the console. */
export const CHAT_SENDERS = ['holder', 'support'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
/** A client's id of one message (the same id sent twice is stored once): letters, digits, _ and -. */
export const CHAT_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The SSE event that carries a new message; its `id:` is the message's id (the resume point). */
export const CHAT_MESSAGE_EVENT = 'message';
