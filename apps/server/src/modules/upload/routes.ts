import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { AppError } from '../../lib/errors';
import { MAX_UPLOAD_BYTES } from './rules';
import { readUpload, saveUpload } from './service';

/**
 * @fastify/multipart's errors in our envelope: what the user did wrong, in Chinese. Everything read
 * here comes from the request body, so what the parser cannot read (no boundary, garbage, a body
 * cut short) is the sender's fault: a 400, never a 500 in the error log.
 */
export function uploadErrorOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(Code.UPLOAD_TOO_LARGE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(Code.UPLOAD_MISSING, '请以表单方式（multipart/form-data，字段 file）上传图片');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(Code.BAD_REQUEST, '一次只能上传一张图片');
  return new AppError(Code.BAD_REQUEST, '上传内容不完整或格式有误，请重新选择图片上传');
}

export async function uploadRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // own scope: the multipart parser serves this route only; everything else stays JSON-only
  await api.register(async (scope) => {
    await scope.register(multipart, {
      // one file of at most 5 MB; the stream is cut there, not read to the end first
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    serve(scope, 'upload', async (req) => {
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
      return saveUpload(ctx, authOf(req), content);
    });

    serve(scope, 'uploadedFile', async (req, reply) => {
      const { mime, content } = await readUpload(ctx, authOf(req), req.params.id);
      // personal documents: never kept by shared caches
      return reply.type(mime).header('cache-control', 'private, no-store').header('content-disposition', 'inline').send(content);
    });
  });
}
