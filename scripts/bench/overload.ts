// `npm run bench:overload` — the portal past saturation (docs/decisions/0033-metrics-overload-backups.md).
// Card info from BENCH_CONNECTIONS closed-loop clients, in three phases: light load, far past what the
// process can serve, light again. For each phase: requests answered 2xx, 503 (shed: 服务繁忙) and any
// other 5xx or failure, and the p50 / p99 of the requests it ACCEPTED (2xx) — shedding must keep those
// fast instead of queueing everything. After the flood: how long until requests are served again.
// A report, not a test: nothing here asserts a duration.
//
// Options (env): BENCH_CONNECTIONS (300, the flood), BENCH_SECONDS (10, the flood's length),
// BENCH_CLIENTS (2: load-generating processes, so that the generator is not the bottleneck),
// OVERLOAD_* (passed to the portal; default its own), BENCH_CARD (1000000001).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killStarted, startPortalOn, type Started } from './processes';

interface Tally {
  ok: number;
  shed: number;
  /** 5xx other than a 503 */
  otherFailures: number;
  /** 4xx, which a card info with a good token never answers */
  client: number;
  errors: number;
  /** latencies (ms) of the 2xx answers */
  okLatencies: number[];
}

const emptyTally = (): Tally => ({ ok: 0, shed: 0, otherFailures: 0, client: 0, errors: 0, okLatencies: [] });

/** One client process: `connections` loops asking for url until `ms` have passed. */
async function generate(url: string, token: string, connections: number, ms: number): Promise<Tally> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const tally = emptyTally();
  const end = Date.now() + ms;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      let settled = false;
      const settle = (count: () => void) => {
        if (settled) return;
        settled = true;
        count();
        resolve();
      };
      const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('error', () => undefined);
        // 'close' comes after 'end', and also when the answer was cut off (then it is a failed connection)
        res.on('close', () =>
          settle(() => {
            const status = res.statusCode ?? 0;
            if (!res.complete) tally.errors++;
            else if (status >= 200 && status < 300) {
              tally.ok++;
              tally.okLatencies.push(performance.now() - start);
            } else if (status === 503) tally.shed++;
            else if (status >= 500) tally.otherFailures++;
            else tally.client++;
          }),
        );
      });
      // a request with no answer in 10 s counts as a failed connection instead of holding the phase open
      // (a timer of our own: the socket's timeout does not run while the connection is still being made)
      const timer = setTimeout(() => req.destroy(new Error('timeout')), 10_000);
      req.on('close', () => clearTimeout(timer));
      req.on('error', () => settle(() => tally.errors++));
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) await once();
    }),
  );
  agent.destroy();
  return tally;
}

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);

/** `connections` spread over the client processes for `ms`; their tallies added up */
async function phase(url: string, token: string, connections: number, ms: number): Promise<Tally> {
  const per = Math.max(1, Math.round(connections / CLIENTS));
  const tallies = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise<Tally>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), [], {
            env: { ...process.env, OVERLOAD_CLIENT: '1' },
            execArgv: ['--import', 'tsx'],
          });
          child.once('message', (t) => resolve(t as Tally));
          child.once('error', reject);
          // the tally may be read a moment after the child's exit; a child that ended without one fails the run
          child.once('exit', (code) => setTimeout(() => reject(new Error(`a load client ended (exit ${code}) without its tally`)), 2000));
          child.send({ url, token, connections: per, ms });
        }),
    ),
  );
  return tallies.reduce((a, t) => ({
    ok: a.ok + t.ok,
    shed: a.shed + t.shed,
    otherFailures: a.otherFailures + t.otherFailures,
    client: a.client + t.client,
    errors: a.errors + t.errors,
    okLatencies: a.okLatencies.concat(t.okLatencies),
  }));
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(label: string, t: Tally, seconds: number) {
  const lat = [...t.okLatencies].sort((a, b) => a - b);
  const total = t.ok + t.shed + t.otherFailures + t.client + t.errors;
  console.log(
    `  ${label.padEnd(22)} ${String(Math.round(total / seconds)).padStart(6)} req/s  2xx ${String(t.ok).padStart(7)}  503 ${String(t.shed).padStart(7)}  ` +
      `other 5xx ${t.otherFailures}  4xx ${t.client}  errors ${t.errors}  accepted p50 ${percentile(lat, 50).toFixed(1)} ms  p99 ${percentile(lat, 99).toFixed(1)} ms`,
  );
  return { p99: percentile(lat, 99), otherFailures: t.otherFailures + t.errors };
}

async function main() {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 300);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const card = process.env.BENCH_CARD ?? '1000000001';
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-overload-'));
  let portal: Started | undefined;
  try {
    // the production limits (a development start sheds by the heap only), unless OVERLOAD_* say otherwise
    portal = await startPortalOn(join(dir, 'portal.db'), {
      LOG_LEVEL: 'warn',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: process.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? '50',
      OVERLOAD_TURN_BUDGET_MS: process.env.OVERLOAD_TURN_BUDGET_MS ?? '25',
    });
    const login = await fetch(`${portal.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_model: 'account', account: 'demo', password: 'demo1234' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const url = `${portal.baseUrl}/api/v2/card/info?custom_num=${card}`;
    console.log(`portal ${portal.baseUrl} (pid ${portal.pid}); card info from ${CLIENTS} client processes`);

    const light = await phase(url, token, 4, 5000);
    report('light (4 connections)', light, 5);
    const flood = await phase(url, token, connections, seconds * 1000);
    const f = report(`flood (${connections})`, flood, seconds);
    // recovery: the first moment after the flood from which 20 requests in a row are served
    const t0 = Date.now();
    let streak = 0;
    let recoveredMs = NaN;
    while (Date.now() - t0 < 30_000) {
      const status = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })
        .then(async (res) => (await res.arrayBuffer(), res.status))
        .catch(() => 0);
      streak = status === 200 ? streak + 1 : 0;
      if (streak === 1) recoveredMs = Date.now() - t0;
      if (streak >= 20) break;
    }
    const after = await phase(url, token, 4, 5000);
    report('light again', after, 5);
    console.log('');
    console.log(`  accepted p99 under the flood: ${f.p99.toFixed(1)} ms (target < 100 ms)  ${f.p99 < 100 ? 'PASS' : 'FAIL'}`);
    console.log(
      `  5xx other than 503, and failed connections: ${f.otherFailures + after.otherFailures}  ${f.otherFailures + after.otherFailures === 0 ? 'PASS' : 'FAIL'}`,
    );
    console.log(`  served again ${streak >= 20 ? `${recoveredMs} ms after the flood (20 in a row)` : 'NOT within 30 s'}`);
  } finally {
    await portal?.stop().catch(() => {});
    killStarted();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.OVERLOAD_CLIENT) {
  // a forked client: run what the parent asks, send the tally back
  process.once('message', (m: { url: string; token: string; connections: number; ms: number }) => {
    void generate(m.url, m.token, m.connections, m.ms).then((t) => {
      // disconnect only once the tally is sent: a disconnect right after send() can drop it (the run then waited forever)
      process.send!(t, () => process.disconnect());
    });
  });
} else {
  await main();
}
