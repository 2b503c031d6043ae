// A ticket's images for the operators who may open the ticket (docs/decisions/0018): the card holder
// attaches up to 9 on /suggest; the console shows them. The same permission and agent scope as the
// ticket itself — another agent's ticket answers "not found", image or not — and, being a card
// holder's pictures (often of a bill or an ID), never kept by a shared cache.
import type { FastifyInstance } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { personalData } from '../../../lib/personalData';
import { sendPrivateImage, uploadRowOf } from '../../upload';
import { serve } from '../../../lib/endpoint';
import { assertInScope } from '../access/scope';
import { ticketById } from './repo';

export async function ticketImageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const pd = personalData(ctx.config);

  serve(api, 'adminTicketImage', async (req, reply, op) => {
    const t = await ticketById(db, req.params.id);
    assertInScope(op, t?.agent_id);
    const id = (JSON.parse(t!.images) as string[])[req.params.n];
    const upload = id === undefined ? undefined : await uploadRowOf(db, id);
    if (!upload) throw new AppError(Code.NOT_FOUND, '图片不存在');
    return sendPrivateImage(reply, upload.mime, pd.openBytes(Buffer.from(upload.content)));
  });
}
