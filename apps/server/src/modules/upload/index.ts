// The upload module's public entry: images (ID-card photos) sealed at rest, served to their
// owner only. Owns uploads.
export { uploadRoutes } from './routes';
export { assertOwnUpload } from './service';
