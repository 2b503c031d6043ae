// Errors reported by phones (docs/decisions/0037-errors-from-phones.md): the open, rate-limited
// endpoint the H5's reporter beacons to, the console's grouped list, Sentry forwarding, the retention job.
export { errorReportsRoutes, ERROR_REPORTS_PRUNE_JOB, ERROR_REPORTS_BODY_LIMIT } from './routes';
export { pruneGroups, KEEP_DAYS, MAX_GROUPS } from './service';
