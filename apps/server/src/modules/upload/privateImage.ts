import type { FastifyReply } from 'fastify';

/**
 * Sends a card holder's uploaded picture (often of a bill or an ID) to the one who may see it:
 * shown in place, never kept by a shared cache, and never taken for another type than it says.
 * The holder's own pictures and the console's views of a ticket's and a chat's pictures go out here.
 */
export function sendPrivateImage(reply: FastifyReply, mime: string, bytes: Buffer): FastifyReply {
  return reply
    .type(mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
