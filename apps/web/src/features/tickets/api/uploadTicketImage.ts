// A ticket image's upload: lib/uploadFile to the tickets' own upload path (spec §5's endpoint).
import type { AnswerOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/tickets';
import { uploadFile } from '../../../lib/uploadFile';

export { UPLOAD_TIMEOUT_MS } from '../../../lib/uploadFile';

export type TicketImage = AnswerOf<'ticketUpload'>;

export function uploadTicketImage(file: File): Promise<TicketImage> {
  return uploadFile(api.ticketUpload, file);
}
