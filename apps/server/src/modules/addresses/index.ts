// The saved addresses' public entry: a holder's 地址管理 (docs/decisions/0046-addresses.md).
// Owns holder_addresses.
export { addressesRoutes } from './routes';
