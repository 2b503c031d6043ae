// The branding module's public entry: an agent's branding, by mark (no login) or by card.
export { brandingRoutes } from './routes';
// the console's agents area (modules/admin/agents) writes agents through the owner's repo
export { insertAgent, updateAgent } from './repo';
