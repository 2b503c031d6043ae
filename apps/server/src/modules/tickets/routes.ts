import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { authOf } from '../auth';
import { MAX_UPLOAD_BYTES, saveUpload, uploadErrorOf } from '../upload';
import { createTicket, listTickets, ticketDetail } from './service';

export async function ticketsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // the ticket's images: the upload module's rules (one image per request, ≤5 MB, magic bytes),
  // under the path the spec names; the multipart parser serves this scope only
  await api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    serve(scope, 'ticketUpload', async (req) => {
      let content: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw new AppError(Code.UPLOAD_MISSING);
          }
          content = await part.toBuffer();
        }
      } catch (err) {
        throw uploadErrorOf(err);
      }
      if (!content) throw new AppError(Code.UPLOAD_MISSING);
      return saveUpload(ctx, authOf(req), content);
    });
  });
  serve(api, 'ticketCreate', async (req) => createTicket(ctx, authOf(req), req.body));
  serve(api, 'ticketList', async (req) => listTickets(ctx, authOf(req)));
  serve(api, 'ticketDetail', async (req) => ticketDetail(ctx, authOf(req), req.query.ticket_no));
}
