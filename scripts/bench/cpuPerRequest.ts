// `npm run bench:cpu` — server CPU time per request: card info (or BENCH_PATH) on the portal as
// started (LOG_LEVEL info unless BENCH_LOG_LEVEL; its log to a file) against the bare route in its
// own process (bare.ts). Each process's user+system time (/proc/<pid>/stat) over BENCH_REQUESTS
// (default 20,000) requests at 50 connections after a 3,000-request warm-up, BENCH_ROUNDS (2)
// rounds alternating. On a shared machine throughput swings with the load; CPU per request much
// less, so this is the figure to compare changes by (docs/capacity-measurements.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBare, startPortalOn, type Started } from './processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = process.env.BENCH_PATH ?? '/api/v2/card/info?custom_num=1000000001';
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** a process's user + system CPU time so far, in µs (clock ticks of 10 ms) */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** `requests` requests at 50 connections; the target's CPU µs per request, req/s and p99 */
function measure(target: Started, url: string, requests: number, headers: string[] = []) {
  const before = cpuMicros(target.pid);
  const r = spawnSync(
    process.execPath,
    [autocannon, '--json', '-c', '50', '-a', String(requests), ...headers.flatMap((h) => ['-H', h]), url],
    {
      encoding: 'utf8',
    },
  );
  const result = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
  };
  return {
    micros: (cpuMicros(target.pid) - before) / requests,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_model: 'account', account: 'demo', password: 'demo1234' }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`login failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.token;
}

const portal = await startPortalOn(join(mkdtempSync(join(tmpdir(), 'portal-bench-cpu-')), 'portal.db'), {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
const bare = await startBare();
try {
  const auth = [`authorization: Bearer ${await login(portal.baseUrl)}`];
  const url = `${portal.baseUrl}${PATH}`;
  measure(bare, `${bare.baseUrl}/bare`, 3000);
  measure(portal, url, 3000, auth);
  for (let round = 1; round <= ROUNDS; round++) {
    const b = measure(bare, `${bare.baseUrl}/bare`, REQUESTS);
    const p = measure(portal, url, REQUESTS, auth);
    console.log(
      `round ${round}: bare ${b.micros.toFixed(1)} µs/req (${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms) | ${PATH} ${p.micros.toFixed(1)} µs/req ` +
        `(${p.rps.toFixed(0)} req/s, p99 ${p.p99} ms${p.non2xx ? `, ${p.non2xx} not 2xx` : ''}) | bare/portal by CPU ${(b.micros / p.micros).toFixed(3)}`,
    );
  }
} finally {
  await portal.stop();
  await bare.stop();
}
