// The series module's public entry: the package series a card may buy from, and a multi-series
// card settling on one.
export { seriesRoutes } from './routes';
