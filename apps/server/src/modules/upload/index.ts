// The upload module's public entry: images (ID-card photos) sealed at rest, served to their
// owner only. Owns uploads.
export { uploadRoutes } from './routes';
export { sendPrivateImage } from './privateImage';
export { assertOwnUpload } from './service';
export { acceptOneImage, readOneImage, uploadErrorOf } from './multipart';
export { saveUpload } from './service';
export { isOwner, MAX_UPLOAD_BYTES, ownerOf, type UploadOwner } from './rules';
// the console's branding images are checked by the same magic bytes (modules/admin/agents)
export { imageTypeOf } from './rules';
// the console shows a ticket's images to the operators who may open the ticket (modules/admin/queues/ticketImages.ts)
export { uploadOf as uploadRowOf } from './repo';
