// The floor under card info, in its own process: what any implementation of an authenticated card
// read costs on this machine, so that `npm run bench:card` can show how much of the gap to the bare
// route is the portal's and how much is the work itself (docs/decisions/0022, fourth pass).
// Not the portal and none of its code: a Fastify server on the portal's SQLite file (read only) or
// its PostgreSQL database
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
import pg from 'pg';
import pino from 'pino';

const file = process.env.FLOOR_DB;
if (!file) throw new Error('FLOOR_DB names the portal’s SQLite file or PostgreSQL URL');
// the portal's own header set, as its /healthz answered it (bench:card passes it on)
const securityHeaders = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, string>;

type Session = { revoked_at: string | null; expires_at: string };
// the same two reads on either database: SQLite's file (read only), or PostgreSQL through a pool of
// the portal's default size (PG_POOL_MAX 10), by named prepared statements
let sessionOf: (tokenHash: string) => Session | undefined | Promise<Session | undefined>;
let cardOf: (customNum: string) => unknown;
if (/^postgres(ql)?:\/\//.test(file)) {
  const pool = new pg.Pool({ connectionString: file, max: 10 });
  const one = async (name: string, text: string, value: string) => (await pool.query({ name, text, values: [value] })).rows[0] as unknown;
  sessionOf = (h) =>
    one('session', 'select user_id, expires_at, revoked_at from sessions where token_hash = $1', h) as Promise<Session | undefined>;
  cardOf = (n) => one('card', 'select * from cards where custom_num = $1', n);
} else {
  const db = new DatabaseSync(file, { readOnly: true });
  const sessionByHash = db.prepare('select user_id, expires_at, revoked_at from sessions where token_hash = ?');
  const cardByNumber = db.prepare('select * from cards where custom_num = ?');
  sessionOf = (h) => sessionByHash.get(h) as Session | undefined;
  cardOf = (n) => cardByNumber.get(n);
}
const access = pino({ level: 'info' }, pino.destination({ dest: process.env.FLOOR_LOG ?? '/dev/null', sync: false }));

const app = Fastify({ logger: false, genReqId: () => randomUUID() });

type CardQuery = { Querystring: { custom_num?: string } };

async function cardRead(req: FastifyRequest<CardQuery>, reply: FastifyReply) {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const session = await sessionOf(hash('sha256', token, 'hex'));
  // PostgreSQL answers a timestamp column as a Date
  const expires =
    session && (session.expires_at as unknown) instanceof Date
      ? (session.expires_at as unknown as Date).toISOString()
      : session?.expires_at;
  if (!session || session.revoked_at || !expires || expires <= new Date().toISOString())
    return reply.status(401).send({ code: 40001, message: '请先登录', data: null });
  const card = await cardOf(req.query.custom_num ?? '');
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
