// The alerts module's public entry: a card's usage and expiry alerts, auto-renew, and the notices
// they leave on home (docs/decisions/0015-scheduled-jobs.md).
export { alertsRoutes } from './routes';
export { ALERTS_JOB, runAlerts, type AlertsSummary } from './job';
