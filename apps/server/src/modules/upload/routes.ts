import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { acceptOneImage, readOneImage } from './multipart';
import { sendPrivateImage } from './privateImage';
import { readUpload, saveUpload } from './service';

export async function uploadRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // own scope: the multipart parser serves this route only; everything else stays JSON-only
  await api.register(async (scope) => {
    await acceptOneImage(scope);
    serve(scope, 'upload', async (req) => saveUpload(ctx, authOf(req), await readOneImage(req)));

    serve(scope, 'uploadedFile', async (req, reply) => {
      const { mime, content } = await readUpload(ctx, authOf(req), req.params.id);
      return sendPrivateImage(reply, mime, content);
    });
  });
}
