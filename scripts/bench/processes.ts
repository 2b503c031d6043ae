// The processes the throughput benches start: the portal on a database of the caller's choosing
// (the demo data or the generated million cards), and the bare route in its own process
// (bare.ts). Loopback only; everything started is killed by stopAll (also on Ctrl-C).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const live = new Set<ChildProcess>();

export interface Started {
  baseUrl: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/**
 * A started process writes its output to a file, as a deployed one writes to its log, not to a
 * pipe this process must drain: at a log line per request, a pipe read here competed with the
 * server for the CPU, and a full pipe stalled the server's synchronous log writes.
 */
function logFile(): { fd: number; read(): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-log-'));
  const file = join(dir, 'output.log');
  const fd = openSync(file, 'a');
  return {
    fd,
    read: () => {
      try {
        return readFileSync(file, 'utf8').slice(-100_000);
      } catch {
        return '';
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function track(
  child: ChildProcess,
  log: ReturnType<typeof logFile>,
  port: number,
  ready: () => Promise<boolean>,
  what: string,
): Promise<Started> {
  live.add(child);
  closeSync(log.fd);
  const exited = new Promise<void>((r) => child.once('exit', () => (live.delete(child), r())));
  let out = '';
  const started: Started = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => out || log.read(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
      out = log.read();
      log.remove();
    },
  };
  return (async () => {
    const until = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${log.read().slice(-3000)}`);
      if (await ready().catch(() => false)) return started;
      if (Date.now() > until) throw new Error(`${what} did not start: ${log.read().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

/** The portal (`node --import tsx apps/server/src/main.ts`) on `databaseUrl`, API only. */
const builtRoots = new Set<string>();

/**
 * What the benches run: the compiled server a deployment runs (`node apps/server/dist/main.js`,
 * built here once per checkout and process by scripts/build/server.mjs), not the source through
 * tsx — whose transform wraps every function a request creates in a naming helper, a cost no
 * deployment pays. BENCH_SERVER=src runs the source instead.
 */
function serverEntry(root: string): string[] {
  if (process.env.BENCH_SERVER === 'src') return ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (!builtRoots.has(root)) {
    const built = spawnSync(process.execPath, ['scripts/build/server.mjs'], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building the server in ${root} failed:\n${built.stderr}`);
    builtRoots.add(root);
  }
  return ['apps/server/dist/main.js'];
}

export async function startPortalOn(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** another checkout of the project (bench:cpu's BENCH_BASE) */
  root = repoRoot,
): Promise<Started> {
  const port = await freePort();
  const log = logFile();
  const child = spawn(process.execPath, [...nodeArgs, ...serverEntry(root)], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', WEB_DIST: '', ...env, PORT: String(port), DATABASE_URL: databaseUrl },
    stdio: ['ignore', log.fd, log.fd],
  });
  return track(child, log, port, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 'portal');
}

/**
 * The floor under card info (floor.ts) in its own process, on the portal's SQLite file: GET
 * <baseUrl>/floor, /floor/headers, /floor/logged with the portal's token. `headers`: the portal's
 * security headers as its answers carry them.
 */
export async function startFloor(databaseFile: string, headers: Record<string, string>, nodeArgs: string[] = []): Promise<Started> {
  const port = await freePort();
  const log = logFile();
  const accessLog = join(mkdtempSync(join(tmpdir(), 'portal-bench-floor-')), 'access.log');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(repoRoot, 'scripts/bench/floor.ts')], {
    cwd: repoRoot,
    env: { ...process.env, FLOOR_PORT: String(port), FLOOR_DB: databaseFile, FLOOR_HEADERS: JSON.stringify(headers), FLOOR_LOG: accessLog },
    stdio: ['ignore', log.fd, log.fd],
  });
  const started = await track(child, log, port, async () => (await fetch(`http://127.0.0.1:${port}/floor`)).status === 401, 'floor');
  const stop = started.stop;
  return { ...started, stop: () => stop().finally(() => rmSync(dirname(accessLog), { recursive: true, force: true })) };
}

/** The bare route (bare.ts) in its own process: GET <baseUrl>/bare. */
export async function startBare(): Promise<Started> {
  const port = await freePort();
  const log = logFile();
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/bench/bare.ts')], {
    cwd: repoRoot,
    env: { ...process.env, BARE_PORT: String(port) },
    stdio: ['ignore', log.fd, log.fd],
  });
  return track(child, log, port, async () => (await fetch(`http://127.0.0.1:${port}/bare`)).status === 200, 'bare route');
}

/** Kill whatever is still running (Ctrl-C, a failed run). */
export function killStarted(): void {
  for (const c of live) c.kill('SIGKILL');
}
