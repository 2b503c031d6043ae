// The floor under card info, in its own process: what any implementation of an authenticated card
// read costs on this machine, so that `npm run bench:card` can show how much of the gap to the bare
// route is the portal's and how much is the work itself (docs/decisions/0022, fourth pass).
// Not the portal and none of its code: a Fastify server on the portal's SQLite file (read only)
// with three routes, each a step up:
//   /floor          hash the bearer token, read its session, read the card by number, answer the
//                   row as JSON (the least a card read can do and still refuse a stranger)
//   /floor/headers  the same with the portal's security headers and a UUID request id on the answer
//   /floor/logged   the same again with one pino access line per request, as the portal writes
// The portal's card info does all of that and more (the agent, today's usage, the owner and their
// member level, the 47-field answer, its checks). Prints `listening <port>`; loopback only.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { hash, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';

const file = process.env.FLOOR_DB;
if (!file) throw new Error('FLOOR_DB names the portal’s SQLite file');
// the portal's own header set, as its /healthz answered it (bench:card passes it on)
const securityHeaders = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, string>;

const db = new DatabaseSync(file, { readOnly: true });
const sessionByHash = db.prepare('select user_id, expires_at, revoked_at from sessions where token_hash = ?');
const cardByNumber = db.prepare('select * from cards where custom_num = ?');
const access = pino({ level: 'info' }, pino.destination({ dest: process.env.FLOOR_LOG ?? '/dev/null', sync: false }));

const app = Fastify({ logger: false, genReqId: () => randomUUID() });

type CardQuery = { Querystring: { custom_num?: string } };

async function cardRead(req: FastifyRequest<CardQuery>, reply: FastifyReply) {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const session = sessionByHash.get(hash('sha256', token, 'hex')) as { revoked_at: string | null; expires_at: string } | undefined;
  if (!session || session.revoked_at || session.expires_at <= new Date().toISOString())
    return reply.status(401).send({ code: 40001, message: '请先登录', data: null });
  const card = cardByNumber.get(req.query.custom_num ?? '');
  if (!card) return reply.status(400).send({ code: 40004, message: '卡号不存在', data: null });
  return { code: 0, message: 'ok', data: card };
}

function withHeaders(req: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.headers(securityHeaders);
  reply.header('x-request-id', req.id);
  done();
}

function accessLine(req: FastifyRequest, reply: FastifyReply, done: () => void) {
  access.info(
    {
      reqId: req.id,
      method: req.method,
      url: req.url,
      ip: req.ip,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
  done();
}

app.get<CardQuery>('/floor', cardRead);
app.get<CardQuery>('/floor/headers', { onRequest: withHeaders }, cardRead);
app.get<CardQuery>('/floor/logged', { onRequest: withHeaders, onResponse: accessLine }, cardRead);

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.FLOOR_PORT ?? 0) });
process.stdout.write(`listening ${new URL(address).port}\n`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)));
