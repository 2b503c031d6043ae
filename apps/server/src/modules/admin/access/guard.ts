// The console's guard (docs/decisions/0018), which lib/endpoint.ts's one serve() puts before every
// endpoint whose declaration names a permission (docs/decisions/0050-one-endpoint-registry.md). When
// the request arrives, before its body is read or validated (so a refused caller learns nothing
// about the input, and a stranger's upload is never parsed), a change must come from the console's
// own origin, then the operator's session is checked and then the endpoint's permission
// (docs/decisions/0047-guard-before-input.md); the handler receives the operator. Every write is
// made once per Idempotency-Key (./requestKeys.ts). modules/index.ts decorates the API scope with it
// before any module registers, as it does the holder's login check.
import type { FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { assertSameOrigin, type OperatorGuard } from '../../../lib/endpoint';
import { personalData } from '../../../lib/personalData';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from './actor';
import { can } from './permissions';
import { bodyHash, keyOf, once } from './requestKeys';
import { authenticate } from './sessions';

declare module '../../../lib/endpoint' {
  interface EndpointActors {
    operator: AdminActor;
  }
}

export function operatorGuard(ctx: AppContext): OperatorGuard {
  const operators = new WeakMap<FastifyRequest, AdminActor>();
  return {
    check: (permission) => async (req) => {
      assertSameOrigin(req);
      const op = await authenticate(ctx.db.kysely, req);
      if (!can(op.role, permission)) throw new AppError(Code.FORBIDDEN, '当前账号无权进行此操作');
      operators.set(req, op);
    },
    operatorOf: (req) => {
      const op = operators.get(req);
      if (!op) throw new Error(`${req.url}: no operator checked`);
      return op;
    },
    once: async (req, name, op, run) => {
      // the console sends a key with every write; a tool that sends none is not double-clicking
      const key = keyOf(req.headers['idempotency-key']);
      if (!key) return run();
      // an upload's file is read by its handler: its key is for its address (the agent), one upload per key
      const claim = { operatorId: op.id, key, endpoint: name, bodyHash: bodyHash(req.body ?? req.params) };
      const r = await once(ctx.db.kysely, personalData(ctx.config), claim, async () => ({ status: 200, answer: await run() }));
      return r.answer as Awaited<ReturnType<typeof run>>;
    },
  };
}
