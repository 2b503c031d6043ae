// The branding module's public entry: an agent's branding, by mark (no login) or by card.
export { brandingRoutes } from './routes';
