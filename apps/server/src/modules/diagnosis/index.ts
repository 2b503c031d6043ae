// The diagnosis module's public entry: the smart diagnosis (/card_check, open to visitors) and
// the card test (/check); it owns `diagnoses`, the short history of what each diagnosis said.
export { diagnosisRoutes } from './routes';
export { recentDiagnoses } from './repo';
