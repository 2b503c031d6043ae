import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { acceptOneImage, readOneImage, saveUpload } from '../upload';
import { chatRoutes } from './chatRoutes';
import { closeOwnTicket, createTicket, listTickets, ticketDetail } from './service';

export async function ticketsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // the ticket's images: the upload module's rules (one image per request, ≤5 MB, magic bytes),
  // under the path the spec names; the multipart parser serves this scope only
  await api.register(async (scope) => {
    await acceptOneImage(scope);
    serve(scope, 'ticketUpload', async (req) => saveUpload(ctx, authOf(req), await readOneImage(req)));
  });
  serve(api, 'ticketCreate', async (req) => createTicket(ctx, authOf(req), req.body));
  serve(api, 'ticketList', async (req) => listTickets(ctx, authOf(req)));
  serve(api, 'ticketDetail', async (req) => ticketDetail(ctx, authOf(req), req.query.ticket_no));
  serve(api, 'ticketClose', async (req) => closeOwnTicket(ctx, authOf(req), req.body.ticket_no));
  await chatRoutes(api, ctx);
}
