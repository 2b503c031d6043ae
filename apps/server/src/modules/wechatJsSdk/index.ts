// The messaging app's JS-SDK signature for the portal's pages (docs/decisions/0049-wechat-js-sdk.md).
// Owns no table: the ticket lives with the official account's token (integrations/messaging/wechatMp).
export { wechatJsSdkRoutes } from './routes';
