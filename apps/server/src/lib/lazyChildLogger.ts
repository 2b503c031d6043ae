// Fastify makes a child logger per request (it binds the request id). With pino's redaction
// configured, making a child costs about 3 µs, because pino runs the redaction over the bindings
// — on every request, though a request that succeeds never logs through it (its one line goes
// through the access logger, app.ts). This child is made on first use instead.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = Parameters<FastifyBaseLogger['child']>[1];

/** A logger that becomes `parent.child(bindings, options)` the first time it is used. */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options?: Options): FastifyBaseLogger {
  let real: FastifyBaseLogger | undefined;
  const child = (): FastifyBaseLogger => (real ??= parent.child(bindings, options));
  const method =
    (name: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent') =>
    (...args: unknown[]) =>
      (child()[name] as (...a: unknown[]) => void)(...args);
  return {
    get level() {
      return (real ?? parent).level;
    },
    set level(level: string) {
      child().level = level;
    },
    fatal: method('fatal'),
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    debug: method('debug'),
    trace: method('trace'),
    silent: method('silent'),
    child: (b: Bindings, o?: Options) => child().child(b, o),
  } as FastifyBaseLogger;
}
