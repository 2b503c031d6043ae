import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on now (the OS picks it): for a server a test starts, or for an
 * outside system that is down (nothing answers there). A tiny race until someone binds it.
 */
export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => done(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
