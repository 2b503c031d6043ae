// HTTP load from a second process: autocannon's CLI as a child, its JSON result parsed here.
// Only loopback URLs are accepted — this machine's rules, and a guard against a typo'd target.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const autocannonBin = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

export interface LoadResult {
  url: string;
  seconds: number;
  connections: number;
  /** mean requests per second over the run */
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const running = new Set<ChildProcess>();
/** Kill any load generator still running (used by the bench's cleanup on Ctrl-C). */
export function killLoadGenerators(): void {
  for (const c of running) c.kill('SIGKILL');
}

export async function load(
  url: string,
  opts: {
    seconds: number;
    connections?: number;
    headers?: Record<string, string>;
    /** POST etc. with a body; idReplacement turns every [<id>] in the body into a fresh id per request */
    method?: string;
    body?: string;
    idReplacement?: boolean;
  },
): Promise<LoadResult> {
  const host = new URL(url).hostname;
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) throw new Error(`load: refusing non-loopback target ${url}`);
  const connections = opts.connections ?? 10;
  const args = [autocannonBin, '--json', '--connections', String(connections), '--duration', String(opts.seconds)];
  // K=V form: the value may contain ':' but a header name never contains '='.
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('--headers', `${k}=${v}`);
  if (opts.method) args.push('--method', opts.method);
  if (opts.body !== undefined) args.push('--body', opts.body);
  if (opts.idReplacement) args.push('--idReplacement');
  args.push(url);

  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  // Bounded: the run itself plus a generous margin, then the child is killed.
  const guard = setTimeout(() => child.kill('SIGKILL'), (opts.seconds + 30) * 1000);
  const code: number | null = await new Promise((r) => child.once('exit', r));
  clearTimeout(guard);
  running.delete(child);
  const line = stdout.trim().split('\n').filter(Boolean).pop();
  if (code !== 0 || !line) throw new Error(`autocannon exited with ${code}: ${stderr.trim() || stdout.trim()}`);
  const r = JSON.parse(line);
  return {
    url,
    seconds: opts.seconds,
    connections,
    rps: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.average },
    requests: r.requests.total,
    non2xx: r.non2xx ?? 0,
    errors: r.errors ?? 0,
    timeouts: r.timeouts ?? 0,
  };
}
