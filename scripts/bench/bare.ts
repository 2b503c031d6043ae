// The bench's bare route, in its own process: a Fastify server with nothing registered but one
// route returning fixed JSON — no logger, hooks or plugins — so that the portal's card info is
// compared with what Fastify itself costs on this machine, not with another route of the portal.
// Prints `listening <port>` once ready; loopback only.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const FIXED = { code: 0, message: 'ok', data: { status: 'ok' } };
app.get('/bare', async () => FIXED);
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT ?? 0) });
process.stdout.write(`listening ${new URL(address).port}\n`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)));
