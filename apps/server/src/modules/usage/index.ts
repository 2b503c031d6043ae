// The usage module's public entry: data usage taken from the carrier into card_flow_daily (its
// table) and the answers computed from it; China-time day arithmetic for whoever shows periods.
export { usageRoutes } from './routes';
export { ensureFresh, ensureSyncedOnce, msSince, renewalOf, syncNow, syncUsage, SYNC_RETRY_AFTER_FAILURE_MS } from './service';
export { dailyUsage as storedDailyUsage, dailyUsageOf, sumUsage, usageSums } from './repo';
export { addDays, chinaDayOf, dayRange, lastChinaDayBefore } from './days';
