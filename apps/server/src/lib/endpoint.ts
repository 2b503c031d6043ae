// Registers a handler for an endpoint declared in @portal/contract — the portal's and the console's
// alike (docs/decisions/0050-one-endpoint-registry.md). The method, path, guard, schemas
// (validation, serialization) and OpenAPI entry come from the declaration, so a route cannot drift
// from what the clients call and what the document says (docs/decisions/0009-endpoints-declared-once.md).
// A module writes only its handler.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { envelope, ErrorEnvelope, type Envelope } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import type { Access } from '@portal/contract/declaration';
import type { Permission } from '@portal/contract/admin';
import {
  REGISTRY,
  type AnswerOf,
  type BodyOf,
  type EndpointName,
  type Endpoints,
  type ParamsOf,
  type QueryOf,
} from '@portal/contract/endpoints';
import { compiledSerializer } from './compiledSerializer';
import { AppError } from './errors';
import { fromOwnOrigin } from './sameOrigin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The login check of every `access: 'holder'` endpoint, run when the request arrives; the auth
     *  module decorates the API scope with it before any module registers (modules/index.ts). */
    requireSession?: onRequestAsyncHookHandler;
    /** The operator check of every endpoint whose access is a permission; the admin access module
     *  decorates the API scope with it the same way (modules/admin/access/guard.ts). */
    operatorGuard?: OperatorGuard;
  }
}

/**
 * The operator behind a console request, as the admin access module defines it: that module adds
 * `operator: AdminActor` here (declaration merging), so lib/ names the type without importing a
 * module, and only an endpoint whose access is a permission hands one to its handler.
 */
export interface EndpointActors {}
type Operator = EndpointActors extends { operator: infer A } ? A : never;

/** The console's guard, as serve() uses it; modules/admin/access/guard.ts makes it. */
export interface OperatorGuard {
  /** runs when the request arrives: the console's own origin, the operator's session, then `permission` (403) */
  check(permission: Permission): onRequestAsyncHookHandler;
  /** the operator `check` found for this request */
  operatorOf(req: FastifyRequest): Operator;
  /** runs a console write once per Idempotency-Key (docs/decisions/0041-console-writes-once.md) */
  once<T>(req: FastifyRequest, name: EndpointName, op: Operator, run: () => Promise<T>): Promise<T>;
}

/** Who may call each registered endpoint, as its declaration says (the role-matrix and guard tests read it). */
export const REGISTERED = new Map<EndpointName, Access>();

/** A request after validation: query, body and path parameters typed by the declaration. */
export type EndpointRequest<K extends EndpointName> = FastifyRequest<{ Querystring: QueryOf<K>; Body: BodyOf<K>; Params: ParamsOf<K> }>;

/** An answer with a message of its own instead of "ok" (the envelope's `message`). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** Only an operator endpoint's handler gets the operator. */
type ActorOf<K extends EndpointName> = Endpoints[K] extends { access: 'open' | 'holder' } ? [] : [op: Operator];

/** A JSON endpoint's handler returns the envelope's `data`; a raw one (a file) sends the reply itself. */
export type EndpointHandler<K extends EndpointName> = (
  req: EndpointRequest<K>,
  reply: FastifyReply,
  ...op: ActorOf<K>
) => Promise<[AnswerOf<K>] extends [never] ? FastifyReply : AnswerOf<K> | Answer<AnswerOf<K>>>;

export interface ServeOptions {
  /** runs after the guard: the rate limit of an open endpoint, say */
  preHandler?: preHandlerAsyncHookHandler;
  /** the answer written by a serializer compiled from the schema, not checked by zod: only for a
   *  hot path whose answer is built field by field from typed rows (./compiledSerializer) */
  compiledSerializer?: true;
  /** a smaller (or larger) request body than the server's default, in bytes, when it comes from
   *  the configuration (a declaration's own bodyLimit is read from the declaration) */
  bodyLimit?: number;
}

/** The failures every portal endpoint may answer: the envelope with `data: null` (docs/spec/decisions.md "API"). */
const ERROR_ANSWERS = { 400: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope, 500: ErrorEnvelope };
/** The console's (its conflicts and missing rows are answers too). */
const CONSOLE_ERROR_ANSWERS = { ...ERROR_ANSWERS, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

interface Declared {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  tags: readonly string[];
  summary: string;
  upload?: true;
  bodyLimit?: number;
  query?: object;
  body?: object;
  params?: object;
  answer?: Parameters<typeof envelope>[0];
}

export function serve<K extends EndpointName>(app: FastifyInstance, name: K, handler: EndpointHandler<K>, opts: ServeOptions = {}): void {
  const e = REGISTRY[name] as Declared;
  const console = e.path.startsWith('/admin/');
  const operator = e.access !== 'open' && e.access !== 'holder';
  // The guard runs when the request arrives, before its body is read or validated: a caller whose
  // session ended is told to log in (401) — never shown a form error, a "not valid JSON" or a "too
  // large" — and a stranger learns nothing about the schema (docs/decisions/0047-guard-before-input.md).
  const onRequest: onRequestAsyncHookHandler[] = [];
  const guard = app.operatorGuard;
  if (e.access === 'holder') {
    if (!app.requireSession) throw new Error(`${name} needs a login, but no session check is registered`);
    onRequest.push(app.requireSession);
  } else if (operator) {
    if (!guard) throw new Error(`${name} needs an operator, but no operator guard is registered`);
    onRequest.push(guard.check(e.access as Permission));
  } else if (console) {
    // the console's open endpoints (its login): a change still comes from the console's own page
    onRequest.push(async (req) => assertSameOrigin(req));
  }
  REGISTERED.set(name, e.access);
  const preHandler: preHandlerAsyncHookHandler[] = opts.preHandler ? [opts.preHandler] : [];
  const bodyLimit = e.bodyLimit ?? opts.bodyLimit;
  const security = e.access === 'holder' ? [{ bearerAuth: [] }] : operator ? [{ cookieAuth: [] }] : undefined;
  const errors = console ? CONSOLE_ERROR_ANSWERS : e.access === 'holder' ? { 401: ErrorEnvelope, ...ERROR_ANSWERS } : ERROR_ANSWERS;
  // a console write with an answer is made once per Idempotency-Key (the console sends one with
  // every write; a tool that sends none is not double-clicking)
  const once = operator && e.method === 'POST' && e.answer !== undefined;
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
      ...(security ? { security } : {}),
      ...(e.answer ? { response: { 200: envelope(e.answer), ...errors } } : {}),
    },
    ...(opts.compiledSerializer ? { serializerCompiler: compiledSerializer } : {}),
    ...(bodyLimit ? { bodyLimit } : {}),
    handler: async (req, reply) => {
      const h = handler as (req: FastifyRequest, reply: FastifyReply, op?: Operator) => Promise<unknown>;
      let out: unknown;
      if (operator) {
        const op = guard!.operatorOf(req);
        const run = () => h(req, reply, op);
        out = once ? await guard!.once(req, name, op, run) : await run();
      } else {
        out = await h(req, reply);
      }
      if (!e.answer) return out;
      return out instanceof Answer ? answerOf(out.data, out.message) : answerOf(out, 'ok');
    },
  });
}

/** A change to the console comes from the console's page (./sameOrigin.ts says why and how). */
export function assertSameOrigin(req: FastifyRequest): void {
  if (!fromOwnOrigin(req.method, req.headers, req.host)) throw new AppError(Code.FORBIDDEN, '请求来源不被允许，请在运营后台页面内操作');
}

function answerOf<T>(data: T, message: string): Envelope<T> {
  return { code: 0, message, data };
}
