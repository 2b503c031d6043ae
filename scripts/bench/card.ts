// `npm run bench:card` — card info (and the usage pages) of the started portal against the bare
// route in its own process (bare.ts), alternating, BENCH_CONNECTIONS (default 50) connections from
// autocannon in a third process. The portal runs as started (LOG_LEVEL info unless
// BENCH_LOG_LEVEL says otherwise), on a fresh demo database, or on BENCH_DB (e.g. the million
// cards of `npm run bench:generate`; docs/capacity-measurements.md).
//
// Options (env): BENCH_DB, BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2),
// BENCH_LOG_LEVEL (info), BENCH_ROUTES (comma list of: card,flow,daily,stats,bare — default all —
// card_gzip (card info asked as a browser asks, offering compressed answers),
// and floor,floor_headers,floor_logged: the floor under card info, floor.ts, on the same database),
// BENCH_SEED=1 (seed the demo data on BENCH_DB, e.g. an empty PostgreSQL database),
// BENCH_PROFILE=1 (the portal and the floor run with --cpu-prof; the profiles land in .bench/profiles,
// `scripts/bench/profileTop.ts <file> <seconds>` sums one up),
// BENCH_ACCOUNT / BENCH_PASSWORD / BENCH_CARD (default the demo account and 1000000001).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killLoadGenerators, load, type LoadResult } from './load';
import { killStarted, repoRoot, startBare, startFloor, startPortalOn, type Started } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const CARD = process.env.BENCH_CARD ?? '1000000001';
const ACCOUNT = process.env.BENCH_ACCOUNT ?? 'demo';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo1234';
const ROUTES = (process.env.BENCH_ROUTES ?? 'bare,card,flow,daily,stats').split(',').map((s) => s.trim());

const started: Started[] = [];
async function cleanup() {
  killLoadGenerators();
  await Promise.all(started.map((s) => s.stop().catch(() => {})));
  killStarted();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });

export async function login(baseUrl: string, account = ACCOUNT, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_model: 'account', account, password }),
  });
  const body = (await res.json()) as { code?: number; data?: { token?: string } };
  if (body.code !== 0 || !body.data?.token) throw new Error(`login failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.token;
}

/** a process's user + system CPU time so far, in µs (/proc/<pid>/stat, clock ticks of 10 ms) */
function cpuMicros(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

/** a round, with the serving process's CPU per request (user + system) and the system part of it */
type Round = LoadResult & { cpuMicrosPerRequest: number; systemMicrosPerRequest: number };

const line = (label: string, r: Round) => {
  const bad = r.non2xx + r.errors + r.timeouts;
  return `  ${label.padEnd(30)} ${(r.rps.toFixed(0) + ' req/s').padEnd(13)} p50 ${(r.latencyMs.p50 + ' ms').padEnd(7)} p99 ${(r.latencyMs.p99 + ' ms').padEnd(7)} ${(r.cpuMicrosPerRequest.toFixed(0) + ' µs CPU/req').padEnd(16)} (system ${r.systemMicrosPerRequest.toFixed(0)})${bad ? ` ${bad} NOT 2xx/errors` : ''}`;
};

/** The floor process on the portal's database (SQLite file or PostgreSQL), answering with the portal's security headers. */
async function startFloorBeside(portal: Started, bare: Started, databaseUrl: string, nodeArgs: string[]): Promise<Started> {
  const [portalAnswer, bareAnswer] = await Promise.all([fetch(`${portal.baseUrl}/healthz`), fetch(`${bare.baseUrl}/bare`)]);
  // what the portal adds to every answer beyond what Fastify itself sends (the bare route's answer)
  const securityHeaders: Record<string, string> = {};
  portalAnswer.headers.forEach((value, name) => {
    if (!bareAnswer.headers.has(name) && name !== 'x-request-id') securityHeaders[name] = value;
  });
  return startFloor(databaseUrl, securityHeaders, nodeArgs);
}

async function main() {
  const profileDir = join(repoRoot, '.bench/profiles');
  const nodeArgs = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  if (nodeArgs.length) mkdirSync(profileDir, { recursive: true });
  const tmp = process.env.BENCH_DB ? null : mkdtempSync(join(tmpdir(), 'portal-bench-card-'));
  const databaseUrl = process.env.BENCH_DB ?? join(tmp!, 'portal.db');
  const bare = await startBare();
  started.push(bare);
  const t0 = Date.now();
  // BENCH_SEED=1: the demo data on BENCH_DB too (an empty PostgreSQL database)
  const seed = process.env.BENCH_SEED ?? (process.env.BENCH_DB ? '0' : '1');
  const portal = await startPortalOn(databaseUrl, { LOG_LEVEL, SEED_DEMO: seed }, nodeArgs);
  started.push(portal);
  console.log(`portal ${portal.baseUrl} (pid ${portal.pid}, LOG_LEVEL=${LOG_LEVEL}, ready in ${Date.now() - t0} ms) on ${databaseUrl}`);
  console.log(`bare   ${bare.baseUrl}/bare (pid ${bare.pid}, its own process)`);
  const token = await login(portal.baseUrl);
  const headers = { Authorization: `Bearer ${token}` };
  const floor = ROUTES.some((r) => r.startsWith('floor')) ? await startFloorBeside(portal, bare, databaseUrl, nodeArgs) : null;
  if (floor) started.push(floor);
  const urls: Record<string, { url: string; headers?: Record<string, string>; pid: number }> = {
    bare: { url: `${bare.baseUrl}/bare`, pid: bare.pid },
    card: { url: `${portal.baseUrl}/api/v2/card/info?custom_num=${CARD}`, headers, pid: portal.pid },
    // as a phone asks: a browser always offers compressed answers (autocannon does not, unless told)
    card_gzip: {
      url: `${portal.baseUrl}/api/v2/card/info?custom_num=${CARD}`,
      headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' },
      pid: portal.pid,
    },
    flow: { url: `${portal.baseUrl}/api/v2/card/flow?custom_num=${CARD}`, headers, pid: portal.pid },
    daily: { url: `${portal.baseUrl}/api/v2/card_flow?custom_num=${CARD}&days=30`, headers, pid: portal.pid },
    stats: { url: `${portal.baseUrl}/api/v1/card/flow_statistics?custom_num=${CARD}`, headers, pid: portal.pid },
    ...(floor
      ? {
          floor: { url: `${floor.baseUrl}/floor?custom_num=${CARD}`, headers, pid: floor.pid },
          floor_headers: { url: `${floor.baseUrl}/floor/headers?custom_num=${CARD}`, headers, pid: floor.pid },
          floor_logged: { url: `${floor.baseUrl}/floor/logged?custom_num=${CARD}`, headers, pid: floor.pid },
        }
      : {}),
  };
  for (const name of ROUTES) {
    const u = urls[name];
    if (!u) throw new Error(`unknown route ${name}`);
    const res = await fetch(u.url, { headers: u.headers });
    const body = (await res.json()) as { code?: number };
    if (name !== 'bare' && body.code !== 0) throw new Error(`${name} probe failed: ${JSON.stringify(body).slice(0, 300)}`);
    await load(u.url, { seconds: 2, connections: CONNECTIONS, headers: u.headers }); // warm-up
  }
  const results: Record<string, Round[]> = {};
  for (let round = 0; round < ROUNDS; round++)
    for (const name of ROUTES) {
      const u = urls[name]!;
      // the serving process's own CPU over the round: steadier than req/s on a shared machine
      const cpu0 = cpuMicros(u.pid);
      const loaded = await load(u.url, { seconds: SECONDS, connections: CONNECTIONS, headers: u.headers });
      const cpu1 = cpuMicros(u.pid);
      const n = Math.max(1, loaded.requests);
      const r: Round = {
        ...loaded,
        cpuMicrosPerRequest: (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / n,
        systemMicrosPerRequest: (cpu1.system - cpu0.system) / n,
      };
      (results[name] ??= []).push(r);
      console.log(line(`${name} (round ${round + 1})`, r));
    }
  const mean = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.rps, 0) / rs.length;
  const worstP99 = (rs: LoadResult[]) => Math.max(...rs.map((r) => r.latencyMs.p99));
  const leastCpu = (rs: Round[]) => Math.min(...rs.map((r) => r.cpuMicrosPerRequest));
  const bareRps = results.bare ? mean(results.bare) : NaN;
  const loggedRps = results.floor_logged ? mean(results.floor_logged) : NaN;
  const loggedCpu = results.floor_logged ? leastCpu(results.floor_logged) : NaN;
  console.log(
    `\nsummary (${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds, alternating; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}):`,
  );
  const summary: Record<
    string,
    { rps: number; p99: number; ratioToBare: number; ratioToFloorLogged: number; cpuMicrosPerRequest: number }
  > = {};
  for (const [name, rs] of Object.entries(results)) {
    summary[name] = {
      rps: mean(rs),
      p99: worstP99(rs),
      ratioToBare: mean(rs) / bareRps,
      ratioToFloorLogged: mean(rs) / loggedRps,
      cpuMicrosPerRequest: leastCpu(rs),
    };
    const ofLogged = Number.isFinite(loggedRps)
      ? `  ${(mean(rs) / loggedRps).toFixed(2)} of floor_logged (CPU/req ${(loggedCpu / leastCpu(rs)).toFixed(2)})`
      : '';
    console.log(
      `  ${name.padEnd(13)} ${mean(rs).toFixed(0).padStart(6)} req/s  p99 ≤ ${worstP99(rs)} ms  ${((mean(rs) / bareRps) * 100).toFixed(1)} % of bare  ${leastCpu(rs).toFixed(0)} µs CPU/req (least)${ofLogged}`,
    );
  }
  await cleanup();
  const out = join(repoRoot, '.bench');
  mkdirSync(out, { recursive: true });
  const file = join(out, `card-${process.env.BENCH_DB ? 'db' : 'demo'}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        databaseUrl,
        logLevel: LOG_LEVEL,
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        summary,
        results,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`results: ${file}`);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  async (err) => {
    console.error(`bench:card failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await cleanup();
    process.exit(1);
  },
);
