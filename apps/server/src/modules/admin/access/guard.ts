// The one guard of every operator-console endpoint (docs/decisions/0018), beside lib/endpoint.ts's
// serve(): the route and schemas come from the admin registry (@portal/contract/admin). When the
// request arrives, before its body is read or validated (so a refused caller learns nothing about
// the input, and a stranger's upload is never parsed), a change must come from the console's own
// origin, then the operator's session is checked and then the endpoint's permission
// (docs/decisions/0047-guard-before-input.md); the handler receives the operator. Every write is
// made once per Idempotency-Key (./requestKeys.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, ErrorEnvelope } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { methodOf, pathPatternOf } from '@portal/contract/route';
import {
  ADMIN_ENDPOINTS,
  type AdminAnswerOf,
  type AdminBodyOf,
  type AdminEndpointDeclaration,
  type AdminEndpointName,
  type AdminParamsOf,
  type AdminQueryOf,
} from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { personalData } from '../../../lib/personalData';
import { AppError } from '../../../lib/errors';
import { fromOwnOrigin } from '../../../lib/sameOrigin';
import type { AdminActor } from './actor';
import { can, type Permission } from './permissions';
import { bodyHash, keyOf, once } from './requestKeys';
import { authenticate } from './sessions';

export type AdminRequest<K extends AdminEndpointName> = FastifyRequest<{
  Querystring: AdminQueryOf<K>;
  Body: AdminBodyOf<K>;
  Params: AdminParamsOf<K>;
}>;

type Result<K extends AdminEndpointName> = [AdminAnswerOf<K>] extends [never] ? FastifyReply : AdminAnswerOf<K>;
export type AdminHandler<K extends AdminEndpointName> = (req: AdminRequest<K>, reply: FastifyReply, op: AdminActor) => Promise<Result<K>>;
export type OpenAdminHandler<K extends AdminEndpointName> = (req: AdminRequest<K>, reply: FastifyReply) => Promise<Result<K>>;

/** The permission each registered endpoint asked for ('open': no session), for the role-matrix test. */
export const REGISTERED = new Map<AdminEndpointName, Permission | 'open'>();

const ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
};

/** An endpoint for a signed-in operator holding `permission`. */
export function serveAdmin<K extends AdminEndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: K,
  permission: Permission,
  handler: AdminHandler<K>,
): void {
  const e = ADMIN_ENDPOINTS[name] as AdminEndpointDeclaration;
  if (e.auth === 'none') throw new Error(`${name} is open: register it with serveAdminOpen`);
  const operators = new WeakMap<FastifyRequest, AdminActor>();
  REGISTERED.set(name, permission);
  route(app, e, {
    onRequest: async (req: FastifyRequest) => {
      assertSameOrigin(req);
      const op = await authenticate(ctx.db.kysely, req);
      if (!can(op.role, permission)) throw new AppError(Code.FORBIDDEN, '当前账号无权进行此操作');
      operators.set(req, op);
    },
    handler: async (req, reply) => {
      const op = operators.get(req)!;
      const run = () => handler(req as AdminRequest<K>, reply, op);
      // a write with an answer is made once per Idempotency-Key (the console sends one with every
      // write; a tool that sends none is not double-clicking)
      const key = req.method === 'POST' && e.answer && !e.raw ? keyOf(req.headers['idempotency-key']) : null;
      if (!key) return run();
      // an upload's file is read by its handler: its key is for its address (the agent), one upload per key
      const claim = { operatorId: op.id, key, endpoint: name, bodyHash: bodyHash(req.body ?? req.params) };
      const r = await once(ctx.db.kysely, personalData(ctx.config), claim, async () => ({ status: 200, answer: await run() }));
      return r.answer as Awaited<ReturnType<typeof run>>;
    },
  });
}

/** An endpoint without a session: the login. */
export function serveAdminOpen<K extends AdminEndpointName>(app: FastifyInstance, name: K, handler: OpenAdminHandler<K>): void {
  const e = ADMIN_ENDPOINTS[name] as AdminEndpointDeclaration;
  if (e.auth !== 'none') throw new Error(`${name} needs a session: register it with serveAdmin`);
  REGISTERED.set(name, 'open');
  route(app, e, {
    onRequest: async (req: FastifyRequest) => assertSameOrigin(req),
    handler: async (req, reply) => handler(req as AdminRequest<K>, reply),
  });
}

/** A change to the console comes from the console's page (lib/sameOrigin.ts says why and how). */
function assertSameOrigin(req: FastifyRequest): void {
  if (!fromOwnOrigin(req.method, req.headers, req.host)) throw new AppError(Code.FORBIDDEN, '请求来源不被允许，请在运营后台页面内操作');
}

function route(
  app: FastifyInstance,
  e: AdminEndpointDeclaration,
  h: { onRequest: (req: FastifyRequest) => Promise<void>; handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> },
): void {
  app.route({
    method: methodOf(e.route),
    url: pathPatternOf(e.route),
    onRequest: h.onRequest,
    ...(e.bodyLimit ? { bodyLimit: e.bodyLimit } : {}),
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.answer ? { response: { 200: envelope(e.answer as Parameters<typeof envelope>[0]), ...ERRORS } } : {}),
    },
    handler: async (req, reply) => {
      const out = await h.handler(req, reply);
      if (!e.answer) return out;
      return { code: 0, message: 'ok', data: out };
    },
  });
}
