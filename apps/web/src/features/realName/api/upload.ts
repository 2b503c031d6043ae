// The real-name photos' upload: lib/uploadFile to the upload endpoint.
import type { AnswerOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/realName';
import { uploadFile } from '../../../lib/uploadFile';

export { UPLOAD_TIMEOUT_MS } from '../../../lib/uploadFile';

export type UploadAnswer = AnswerOf<'upload'>;

export function uploadImage(file: File): Promise<UploadAnswer> {
  return uploadFile(api.upload, file);
}
