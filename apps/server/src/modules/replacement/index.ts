// The card replacement module's public entry: the replacement notice, status and application.
// Owns change_card_applications.
export { replacementRoutes } from './routes';
export { moveApplication } from './repo';
export { replacementAddress } from './service';
export { progressUnderWay, type ApplicationFacts } from './progress';
