// The message centre's public entry (docs/decisions/0044-holder-account.md). Owns holder_messages;
// the alerts job and the tickets module post to it when their events happen.
export { messagesRoutes } from './routes';
export { postMessage } from './service';
export type { NewMessage, Owner as MessageOwner } from './repo';
