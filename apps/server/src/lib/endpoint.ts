// Registers a handler for an endpoint declared in @portal/contract/endpoints. The method, path,
// login check, schemas (validation, serialization) and OpenAPI entry come from the declaration,
// so a route cannot drift from what the web app calls and what the document says
// (docs/decisions/0009-endpoints-declared-once.md). A module writes only its handler.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { envelope, ErrorEnvelope, type Envelope } from '@portal/contract';
import { compiledSerializer } from './compiledSerializer';
import { ENDPOINTS, type AnswerOf, type BodyOf, type EndpointName, type ParamsOf, type QueryOf } from '@portal/contract/endpoints';

declare module 'fastify' {
  interface FastifyInstance {
    /** The login check of every `auth: 'session'` endpoint, run when the request arrives; the auth
     *  module decorates the API scope with it before any module registers (modules/index.ts). */
    requireSession?: onRequestAsyncHookHandler;
  }
}

/** A request after validation: query, body and path parameters typed by the declaration. */
export type EndpointRequest<K extends EndpointName> = FastifyRequest<{ Querystring: QueryOf<K>; Body: BodyOf<K>; Params: ParamsOf<K> }>;

/** An answer with a message of its own instead of "ok" (the envelope's `message`). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** A JSON endpoint's handler returns the envelope's `data`; a raw one (a file) sends the reply itself. */
export type EndpointHandler<K extends EndpointName> = (
  req: EndpointRequest<K>,
  reply: FastifyReply,
) => Promise<[AnswerOf<K>] extends [never] ? FastifyReply : AnswerOf<K> | Answer<AnswerOf<K>>>;

export interface ServeOptions {
  /** runs after the login check: the rate limit of an open endpoint, say */
  preHandler?: preHandlerAsyncHookHandler;
  /** the answer written by a serializer compiled from the schema, not checked by zod: only for a
   *  hot path whose answer is built field by field from typed rows (./compiledSerializer) */
  compiledSerializer?: true;
  /** a smaller (or larger) request body than the server's default, in bytes: an open endpoint that
   *  takes reports from anyone, say (answered 413 past it) */
  bodyLimit?: number;
}

/** The failures every endpoint may answer: the envelope with `data: null` (docs/spec/decisions.md "API"). */
const ERROR_ANSWERS = { 400: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 500: ErrorEnvelope };

interface Declared {
  method: 'GET' | 'POST';
  path: string;
  auth: 'session' | 'none';
  tags: readonly string[];
  summary: string;
  upload?: true;
  query?: object;
  body?: object;
  params?: object;
  answer?: Parameters<typeof envelope>[0];
}

export function serve<K extends EndpointName>(app: FastifyInstance, name: K, handler: EndpointHandler<K>, opts: ServeOptions = {}): void {
  const e = ENDPOINTS[name] as Declared;
  // The login is checked when the request arrives, before its body is read or validated: a caller
  // whose session ended is told to log in (401) — never shown a form error, a "not valid JSON" or a
  // "too large" — and a stranger learns nothing about the schema (docs/decisions/0047-guard-before-input.md).
  const onRequest: onRequestAsyncHookHandler[] = [];
  if (e.auth === 'session') {
    if (!app.requireSession) throw new Error(`${name} needs a login, but no session check is registered`);
    onRequest.push(app.requireSession);
  }
  const preHandler: preHandlerAsyncHookHandler[] = opts.preHandler ? [opts.preHandler] : [];
  const session = e.auth === 'session';
  app.route({
    method: e.method,
    url: e.path,
    onRequest,
    preHandler,
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(session ? { security: [{ bearerAuth: [] }] } : {}),
      ...(e.answer ? { response: { 200: envelope(e.answer), ...(session ? { 401: ErrorEnvelope } : {}), ...ERROR_ANSWERS } } : {}),
    },
    ...(opts.compiledSerializer ? { serializerCompiler: compiledSerializer } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler: async (req, reply) => {
      const out = await handler(req as EndpointRequest<K>, reply);
      if (!e.answer) return out;
      return out instanceof Answer ? answerOf(out.data, out.message) : answerOf(out, 'ok');
    },
  });
}

function answerOf<T>(data: T, message: string): Envelope<T> {
  return { code: 0, message, data };
}
