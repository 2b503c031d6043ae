// The processes the throughput benches start: the portal on a database of the caller's choosing
// (the demo data or the generated million cards), and the bare route in its own process
// (bare.ts). Loopback only; everything started is killed by stopAll (also on Ctrl-C).
import { spawn, type ChildProcess } from 'node:child_process';
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

function track(child: ChildProcess, port: number, ready: () => Promise<boolean>, what: string): Promise<Started> {
  live.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-100_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-100_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => (live.delete(child), r())));
  const started: Started = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
  return (async () => {
    const until = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${out.slice(-3000)}`);
      if (await ready().catch(() => false)) return started;
      if (Date.now() > until) throw new Error(`${what} did not start: ${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

/** The portal (`node --import tsx apps/server/src/main.ts`) on `databaseUrl`, API only. */
export async function startPortalOn(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', WEB_DIST: '', ...env, PORT: String(port), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child, port, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 'portal');
}

/** The bare route (bare.ts) in its own process: GET <baseUrl>/bare. */
export async function startBare(): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/bench/bare.ts')], {
    cwd: repoRoot,
    env: { ...process.env, BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child, port, async () => (await fetch(`http://127.0.0.1:${port}/bare`)).status === 200, 'bare route');
}

/** Kill whatever is still running (Ctrl-C, a failed run). */
export function killStarted(): void {
  for (const c of live) c.kill('SIGKILL');
}
