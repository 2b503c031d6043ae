// The box binding tokens module's public entry (docs/decisions/0020): one-time tokens printed as a
// QR code on a device's box, issued by the operator (cli/bindingTokens.ts), used by /qr_code_login
// to bind the card. Owns binding_tokens.
export { bindingTokensRoutes } from './routes';
export { issueTokens, type IssuedToken } from './service';
