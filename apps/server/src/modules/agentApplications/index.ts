// The agent applications module's public entry: applying to become an agent (/agent, no login) and
// the application's state. Owns agent_applications.
export { agentApplicationsRoutes } from './routes';
export { setApplicationStatus } from './repo';
