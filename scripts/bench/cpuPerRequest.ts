// `npm run bench:cpu` — server CPU time per request: card info (or BENCH_PATH) on the portal as
// started (LOG_LEVEL info unless BENCH_LOG_LEVEL; its log to a file) against the bare route in its
// own process (bare.ts). Each process's user+system time (/proc/<pid>/stat) over BENCH_REQUESTS
// (default 20,000) requests at 50 connections after a 3,000-request warm-up, BENCH_ROUNDS (2)
// rounds alternating. On a shared machine throughput swings with the load; CPU per request much
// less, so this is the figure to compare changes by (docs/capacity-measurements.md); BENCH_BASE
// names another checkout (a worktree of main) measured in the same rounds, and the best round of each
// is printed. BENCH_GZIP=1 asks as a browser does, offering compressed answers (Accept-Encoding).
// BENCH_FIRST_SCREEN=1: BENCH_PATH is a page (default /flow) asked with the holder's cookie, so its
// HTML carries the first screen the server renders (docs/decisions/0082) — 1,000 requests at 4
// connections by default, within the renderings a process makes at once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_SCREEN_COOKIE, firstScreenCookieValue } from '../../packages/contract/src/firstScreen';
import { repoRoot, startBare, startPortalOn, type Started } from './processes';

const FIRST_SCREEN = process.env.BENCH_FIRST_SCREEN === '1';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (FIRST_SCREEN ? 1000 : 20000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = process.env.BENCH_PATH ?? (FIRST_SCREEN ? '/flow' : '/api/v2/card/info?custom_num=1000000001');
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? (FIRST_SCREEN ? '4' : '50');
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** a process's user and system (kernel: the socket writes) CPU time so far, in µs (clock ticks of 10 ms) */
function cpuMicros(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

/** `requests` requests at 50 connections (BENCH_CONNECTIONS); the target's CPU µs per request, req/s and p99 */
function measure(target: Started, url: string, requests: number, headers: string[] = []) {
  const before = cpuMicros(target.pid);
  const r = spawnSync(
    process.execPath,
    [autocannon, '--json', '-c', CONNECTIONS, '-a', String(requests), ...headers.flatMap((h) => ['-H', h]), url],
    {
      encoding: 'utf8',
    },
  );
  const result = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
  };
  const after = cpuMicros(target.pid);
  const system = (after.system - before.system) / requests;
  return {
    micros: (after.user - before.user) / requests + system,
    system,
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

/** The headers a request carries: the holder's session as the API takes it, or (BENCH_FIRST_SCREEN)
 *  as a page's HTML request does — checked once to come painted. */
async function askedAs(target: Started, extra: string[]): Promise<string[]> {
  const token = await login(target.baseUrl);
  if (!FIRST_SCREEN) return [`authorization: Bearer ${token}`, ...extra];
  const cookie = `${FIRST_SCREEN_COOKIE}=${firstScreenCookieValue({ token, customNum: '1000000001', mark: 'demo' })}`;
  // the renderer loads once the server is ready
  for (let i = 0; i < 100; i++) {
    const html = await (await fetch(`${target.baseUrl}${PATH}`, { headers: { cookie } })).text();
    if (html.includes('<meta name="first-screen"')) return [`cookie: ${cookie}`, ...extra];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${PATH} did not come with its first screen (is apps/web/dist-server built?)`);
}

const BASE = process.env.BENCH_BASE;
const freshDb = () => join(mkdtempSync(join(tmpdir(), 'portal-bench-cpu-')), 'portal.db');
const env: Record<string, string> = {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  // the web's build and its renderer, with a budget no rendering here reaches
  ...(FIRST_SCREEN ? { WEB_DIST: join(repoRoot, 'apps/web/dist'), FIRST_SCREEN_BUDGET_MS: '10000' } : {}),
};
const portal = await startPortalOn(freshDb(), env);
// BENCH_BASE=<another checkout, e.g. a worktree of main>: its portal is measured in the same
// rounds, alternating, so a change is compared with its base under the same machine load
const base = BASE ? await startPortalOn(freshDb(), env, [], BASE) : undefined;
const bare = await startBare();
const best = { bare: Infinity, portal: Infinity, base: Infinity };
try {
  const asBrowser = process.env.BENCH_GZIP === '1' ? ['accept-encoding: gzip, deflate, br'] : [];
  const auth = await askedAs(portal, asBrowser);
  const baseAuth = base ? await askedAs(base, asBrowser) : [];
  const url = `${portal.baseUrl}${PATH}`;
  measure(bare, `${bare.baseUrl}/bare`, 3000);
  measure(portal, url, 3000, auth);
  if (base) measure(base, `${base.baseUrl}${PATH}`, 3000, baseAuth);
  for (let round = 1; round <= ROUNDS; round++) {
    const b = measure(bare, `${bare.baseUrl}/bare`, REQUESTS);
    const p = measure(portal, url, REQUESTS, auth);
    const was = base ? measure(base, `${base.baseUrl}${PATH}`, REQUESTS, baseAuth) : undefined;
    best.bare = Math.min(best.bare, b.micros);
    best.portal = Math.min(best.portal, p.micros);
    if (was) best.base = Math.min(best.base, was.micros);
    console.log(
      `round ${round}: bare ${b.micros.toFixed(1)} µs/req (${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms) | ${PATH} ${p.micros.toFixed(1)} µs/req ` +
        `(of which system ${p.system.toFixed(1)} vs bare's ${b.system.toFixed(1)}) ` +
        `(${p.rps.toFixed(0)} req/s, p99 ${p.p99} ms${p.non2xx ? `, ${p.non2xx} not 2xx` : ''}) | bare/portal by CPU ${(b.micros / p.micros).toFixed(3)}` +
        (was ? ` | base ${was.micros.toFixed(1)} µs/req (${was.rps.toFixed(0)} req/s, p99 ${was.p99} ms)` : ''),
    );
  }
  console.log(
    `best of ${ROUNDS}: bare ${best.bare.toFixed(1)} µs/req, portal ${best.portal.toFixed(1)} µs/req` +
      (base ? `, base ${best.base.toFixed(1)} µs/req (this/base ${(best.portal / best.base).toFixed(3)})` : ''),
  );
} finally {
  await portal.stop();
  await base?.stop();
  await bare.stop();
}
