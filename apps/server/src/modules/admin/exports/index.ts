// The console's CSV exports of every list, and a ticket's images (docs/decisions/0018).
export { exportRoutes } from './routes';
