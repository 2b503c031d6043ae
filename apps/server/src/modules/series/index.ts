// The series module's public entry: the package series a card may buy from, and a multi-series
// card settling on one.
export { seriesRoutes } from './routes';
// the console's catalogue (modules/admin/catalogue) writes series through the owner's repo
export { insertSeries, updateSeries } from './repo';
