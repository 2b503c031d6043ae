import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, DEFAULT_MESSAGE } from '@portal/contract/codes';
import { AppError, answerInEnvelope, answersInEnvelope } from '../lib/errors';
import { REQUEST_ID_HEADER } from '../lib/requestId';
import { isDatabaseUnavailable } from '../lib/dbUnavailable';

/**
 * Errors the router answers before any route runs (a path parameter over 100 characters, a
 * malformed URL) come in the envelope too, and never echo the path back (Fastify's
 * `frameworkErrors` option).
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body = { code: Code.BAD_REQUEST, message: tooLong ? '请求地址过长' : '请求地址有误', data: null };
  void reply
    .status(tooLong ? 414 : 400)
    .header(REQUEST_ID_HEADER, req.id)
    .send(body);
}

/** Every error a route throws, answered in the envelope with a message a user can act on; nothing leaks. */
export function errorMapping(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // Plain JSON, not the route's response schema: that schema describes the success answer,
      // and code 40001 goes out with HTTP 200 (docs/spec/decisions.md "API"), which it would reject as a 500.
      return reply.status(err.status).serializer(JSON.stringify).send({ code: err.code, message: err.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The schema's own Chinese message, as the user reads it: no field name (a card holder who
      // followed a bad link would see "（order_no）"); every schema message names its field in words.
      const message = err.validation[0]?.message ?? DEFAULT_MESSAGE[Code.BAD_REQUEST]!;
      return reply.status(400).send({ code: Code.BAD_REQUEST, message, data: null });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ code: Code.INTERNAL, message: DEFAULT_MESSAGE[Code.INTERNAL]!, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ code: Code.PAYLOAD_TOO_LARGE, message: DEFAULT_MESSAGE[Code.PAYLOAD_TOO_LARGE]!, data: null });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ code: Code.BAD_REQUEST, message: '不支持的请求内容类型，请使用 JSON', data: null });
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send({ code: Code.BAD_REQUEST, message: '请求内容不能为空', data: null });
    if (status === 400 && (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError))
      return reply.status(400).send({ code: Code.BAD_REQUEST, message: '请求内容不是有效的 JSON', data: null });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: Code.BAD_REQUEST, message: DEFAULT_MESSAGE[Code.BAD_REQUEST]!, data: null });
    }
    // An outside system's error that says how it is answered (a carrier platform down or refusing
    // the card: integrations/carrier/adapter.ts, CarrierError): never a 500.
    if (answersInEnvelope(err)) {
      const answer = err[answerInEnvelope]();
      req.log.warn(answer.log.fields, answer.log.message);
      return reply.status(answer.status).send({ code: answer.code, message: answer.message, data: null });
    }
    // The database cut off or restarting: the pool recovers by itself; the client may try again.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ code: Code.INTERNAL, message: '服务繁忙，请稍后重试', data: null });
    }
    // A real fault: log it with the request context, leak nothing.
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: Code.INTERNAL, message: DEFAULT_MESSAGE[Code.INTERNAL]!, data: null });
  });
}
