// `npm run bench:card` — card info (and the usage pages) of the started portal against the bare
// route in its own process (bare.ts), alternating, BENCH_CONNECTIONS (default 50) connections from
// autocannon in a third process. The portal runs as started (LOG_LEVEL info unless
// BENCH_LOG_LEVEL says otherwise), on a fresh demo database, or on BENCH_DB (e.g. the million
// cards of `npm run bench:generate`; docs/capacity-measurements.md).
//
// Options (env): BENCH_DB, BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2),
// BENCH_LOG_LEVEL (info), BENCH_ROUTES (comma list of: card,flow,daily,stats,bare — default all —
// and, on SQLite, floor,floor_headers,floor_logged: the floor under card info, floor.ts),
// BENCH_PROFILE=1 (the portal runs with --cpu-prof; the profile lands in .bench/profiles),
// BENCH_ACCOUNT / BENCH_PASSWORD / BENCH_CARD (default the demo account and 1000000001).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const line = (label: string, r: LoadResult) => {
  const bad = r.non2xx + r.errors + r.timeouts;
  return `  ${label.padEnd(30)} ${(r.rps.toFixed(0) + ' req/s').padEnd(13)} p50 ${(r.latencyMs.p50 + ' ms').padEnd(7)} p99 ${(r.latencyMs.p99 + ' ms').padEnd(7)}${bad ? ` ${bad} NOT 2xx/errors` : ''}`;
};

/** The floor process on the portal's database file, answering with the portal's security headers. */
async function startFloorBeside(portal: Started, bare: Started, databaseUrl: string): Promise<Started> {
  if (/^postgres/.test(databaseUrl)) throw new Error('the floor routes read the SQLite file: run them without a postgres BENCH_DB');
  const [portalAnswer, bareAnswer] = await Promise.all([fetch(`${portal.baseUrl}/healthz`), fetch(`${bare.baseUrl}/bare`)]);
  // what the portal adds to every answer beyond what Fastify itself sends (the bare route's answer)
  const securityHeaders: Record<string, string> = {};
  portalAnswer.headers.forEach((value, name) => {
    if (!bareAnswer.headers.has(name) && name !== 'x-request-id') securityHeaders[name] = value;
  });
  return startFloor(databaseUrl, securityHeaders);
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
  const portal = await startPortalOn(databaseUrl, { LOG_LEVEL, SEED_DEMO: process.env.BENCH_DB ? '0' : '1' }, nodeArgs);
  started.push(portal);
  console.log(`portal ${portal.baseUrl} (pid ${portal.pid}, LOG_LEVEL=${LOG_LEVEL}, ready in ${Date.now() - t0} ms) on ${databaseUrl}`);
  console.log(`bare   ${bare.baseUrl}/bare (pid ${bare.pid}, its own process)`);
  const token = await login(portal.baseUrl);
  const headers = { Authorization: `Bearer ${token}` };
  const floor = ROUTES.some((r) => r.startsWith('floor')) ? await startFloorBeside(portal, bare, databaseUrl) : null;
  if (floor) started.push(floor);
  const urls: Record<string, { url: string; headers?: Record<string, string> }> = {
    bare: { url: `${bare.baseUrl}/bare` },
    card: { url: `${portal.baseUrl}/api/v2/card/info?custom_num=${CARD}`, headers },
    flow: { url: `${portal.baseUrl}/api/v2/card/flow?custom_num=${CARD}`, headers },
    daily: { url: `${portal.baseUrl}/api/v2/card_flow?custom_num=${CARD}&days=30`, headers },
    stats: { url: `${portal.baseUrl}/api/v1/card/flow_statistics?custom_num=${CARD}`, headers },
    ...(floor
      ? {
          floor: { url: `${floor.baseUrl}/floor?custom_num=${CARD}`, headers },
          floor_headers: { url: `${floor.baseUrl}/floor/headers?custom_num=${CARD}`, headers },
          floor_logged: { url: `${floor.baseUrl}/floor/logged?custom_num=${CARD}`, headers },
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
  const results: Record<string, LoadResult[]> = {};
  for (let round = 0; round < ROUNDS; round++)
    for (const name of ROUTES) {
      const r = await load(urls[name]!.url, { seconds: SECONDS, connections: CONNECTIONS, headers: urls[name]!.headers });
      (results[name] ??= []).push(r);
      console.log(line(`${name} (round ${round + 1})`, r));
    }
  const mean = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.rps, 0) / rs.length;
  const worstP99 = (rs: LoadResult[]) => Math.max(...rs.map((r) => r.latencyMs.p99));
  const bareRps = results.bare ? mean(results.bare) : NaN;
  console.log(`\nsummary (${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds, alternating):`);
  const summary: Record<string, { rps: number; p99: number; ratioToBare: number }> = {};
  for (const [name, rs] of Object.entries(results)) {
    summary[name] = { rps: mean(rs), p99: worstP99(rs), ratioToBare: mean(rs) / bareRps };
    console.log(
      `  ${name.padEnd(13)} ${mean(rs).toFixed(0).padStart(6)} req/s  p99 ≤ ${worstP99(rs)} ms  ${((mean(rs) / bareRps) * 100).toFixed(1)} % of bare`,
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
