// Reading the one image of a multipart request, for every endpoint that takes one (the upload
// endpoint, a ticket's images): the parser's limits, every part read (a second file is refused,
// not silently dropped), and the parser's errors in our envelope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../lib/errors';
import { MAX_UPLOAD_BYTES } from './rules';

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

/** The multipart parser for one image of at most 5 MB, in the caller's scope only (the rest stays JSON-only). */
export async function acceptOneImage(scope: FastifyInstance): Promise<void> {
  // the stream is cut at the limit, not read to the end first
  await scope.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
  });
}

/** The bytes of the request's file (field `file`), or the refusal in our envelope. */
export async function readOneImage(req: FastifyRequest): Promise<Buffer> {
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
  return content;
}
