// Whether an error means "the database cannot be reached right now" rather than a fault in our
// code (docs/decisions/0017): PostgreSQL restarting, a connection cut (pg_terminate_backend, a
// failover), no connection free within the pool's timeout, SQLite locked past busy_timeout. Such
// a request fails with 503 in the envelope — the client may try again — and the pool replaces
// the lost connections by itself on the next queries.

/** SQLSTATEs of a lost or refused connection: class 08, and the admin/crash shutdowns of class 57 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
const NODE_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'SQLITE_BUSY']);
// node-postgres says these in words only
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
  'the database system is starting up',
  'the database system is shutting down',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || NODE_UNAVAILABLE.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
