import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { Code } from '@portal/contract/codes';
import { UploadAnswer, UploadId, envelope } from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { MAX_UPLOAD_BYTES } from './rules';
import { readUpload, saveUpload } from './service';

/** @fastify/multipart's errors in our envelope: what the user did wrong, in Chinese. */
function uploadErrorOf(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(Code.UPLOAD_TOO_LARGE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(Code.UPLOAD_MISSING, '请以表单方式（multipart/form-data，字段 file）上传图片');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(Code.BAD_REQUEST, '一次只能上传一张图片');
  return err;
}

export async function uploadRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // own scope: the multipart parser serves this route only; everything else stays JSON-only
  await api.register(async (scope) => {
    await scope.register(multipart, {
      // one file of at most 5 MB; the stream is cut there, not read to the end first
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['upload'];

    r.post(
      '/v1/upload',
      {
        preHandler: requireAuth(ctx),
        schema: { tags, summary: '上传图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB）', consumes: ['multipart/form-data'], response: { 200: envelope(UploadAnswer) } },
      },
      async (req) => {
        let content: Buffer | null = null;
        try {
          // every part is read: a second file must be refused, not silently dropped
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
        return ok(await saveUpload(ctx, authOf(req), content));
      },
    );

    r.get(
      '/v1/upload/:id',
      { preHandler: requireAuth(ctx), schema: { tags, summary: '取回自己上传的图片', params: z.object({ id: UploadId }) } },
      async (req, reply) => {
        const { mime, content } = await readUpload(ctx, authOf(req), req.params.id);
        // personal documents: never kept by shared caches
        return reply.type(mime).header('cache-control', 'private, no-store').header('content-disposition', 'inline').send(content);
      },
    );
  });
}
