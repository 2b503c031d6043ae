// Metrics (docs/decisions/0033-metrics-overload-backups.md): GET /metrics only with the bearer token on
// the public port (or on a port of its own), figures by route template — never a card number, a
// mobile or a token —, jobs, payments, notifications, SMS; and promtool accepts what is served and
// the alert rules in deploy/prometheus.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/modules/metrics';
import { notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const TOKEN = 'metrics-token-for-tests-0123456789';
const repoRoot = resolve(import.meta.dirname, '../../..');

/** the value of one series in the text format, 0 when absent */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** promtool from Debian's prometheus package (.ci/run installs it): a missing promtool fails, never skips */
function promtool(args: string[], input?: string): { status: number; out: string } {
  const r = spawnSync('promtool', args, { input, encoding: 'utf8', cwd: repoRoot });
  if (r.error) throw new Error(`promtool is needed (apt-get install prometheus): ${r.error.message}`);
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** A built portal and console: index.html and hashed assets, as the builds leave them. */
function builtFiles(): { webDist: string; consoleDist: string } {
  const root = mkdtempSync(join(tmpdir(), 'portal-metrics-built-'));
  const dist = (name: string, files: string[]) => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    for (const f of files) writeFileSync(join(dir, 'assets', f), 'export {};');
    return dir;
  };
  return { webDist: dist('web', ['index-1a2b3c4d.js', 'home-5e6f7a8b.js']), consoleDist: dist('console', ['main-9c0d1e2f.js']) };
}

describe.each(databases())('built files in the metrics on %s', (kind) => {
  const t = useTestApp(kind, { metricsToken: TOKEN, ...builtFiles() });

  it('every built file is counted under one route label, whatever its hashed name', async () => {
    const before = await scrape(t);
    for (const url of ['/assets/index-1a2b3c4d.js', '/assets/home-5e6f7a8b.js', '/admin/assets/main-9c0d1e2f.js'])
      expect((await t.get(url)).statusCode, url).toBe(200);
    const after = await scrape(t);
    const files = { method: 'GET', route: 'static', status_class: '2xx' };
    const count = (text: string) => valueOf(text, 'portal_http_request_duration_seconds_count', files);
    expect(count(after) - count(before)).toBe(3);
    for (const name of ['1a2b3c4d', '5e6f7a8b', '9c0d1e2f']) expect(after).not.toContain(name);
  });
});

describe.each(databases())('metrics on %s', (kind) => {
  const t = useTestApp(kind, { metricsToken: TOKEN, payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('answers only with the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 40100, data: null });
      expect(res.body).not.toContain('portal_');
    }
    expect(await scrape(t)).toContain('process_cpu_seconds_total');
  });

  it('counts requests by route template and status class, and never names a card, a mobile or a token', async () => {
    const token = await t.loginAccount();
    const before = await scrape(t);
    const route = { method: 'GET', route: '/api/v2/card/info', status_class: '2xx' };
    for (let i = 0; i < 3; i++) expect((await t.get('/api/v2/card/info?custom_num=1000000001', token)).statusCode).toBe(200);
    expect((await t.get('/api/v2/card/info?custom_num=1000000001', 'not-a-token')).statusCode).toBe(401);
    await t.post('/api/v1/sms/code', { mobile: '13800000000' });
    const after = await scrape(t);
    const count = (text: string, labels: Record<string, string>) => valueOf(text, 'portal_http_request_duration_seconds_count', labels);
    expect(count(after, route) - count(before, route)).toBe(3);
    expect(count(after, { ...route, status_class: '4xx' }) - count(before, { ...route, status_class: '4xx' })).toBe(1);
    expect(valueOf(after, 'portal_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(count(after, route));
    // as a whole token, not inside a figure: process_cpu_system_seconds_total once read 10.573061000000001
    const named = (text: string, value: string) =>
      new RegExp(`(?<![\\w.])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`).test(text);
    for (const personal of ['1000000001', '13800000000', token, 'not-a-token']) expect(named(after, personal), personal).toBe(false);
    // statements timed on this database
    expect(valueOf(after, 'portal_db_query_duration_seconds_count', { dialect: kind })).toBeGreaterThan(
      valueOf(before, 'portal_db_query_duration_seconds_count', { dialect: kind }),
    );
    // the code went out through the SMS provider
    const sent = { template: 'code', outcome: 'sent' };
    expect(valueOf(after, 'portal_sms_messages_total', sent) - valueOf(before, 'portal_sms_messages_total', sent)).toBe(1);
  });

  it("reports each job's last success across processes, its interval and failures", async () => {
    t.app.jobs.add({ name: `metrics.ok.${kind}`, intervalMs: 0, run: async () => 'done' });
    let fail = true;
    t.app.jobs.add({
      name: `metrics.flaky.${kind}`,
      intervalMs: 0,
      run: async () => {
        if (fail) throw new Error('not today');
      },
    });
    const before = await scrape(t);
    expect(before).not.toMatch(/portal_job_last_success_timestamp_seconds\{job_name="metrics\.ok\.${kind}"\}/);
    await t.app.jobs.runNow(`metrics.ok.${kind}`);
    await expect(t.app.jobs.runNow(`metrics.flaky.${kind}`)).rejects.toThrow('not today');
    let text = await scrape(t);
    const okAt = valueOf(text, 'portal_job_last_success_timestamp_seconds', { job_name: `metrics.ok.${kind}` });
    expect(Math.abs(okAt * 1000 - Date.now())).toBeLessThan(600_000);
    // a job that never succeeded has no last success, and its failure is counted
    expect(text).not.toContain(`portal_job_last_success_timestamp_seconds{job_name="metrics.flaky.${kind}"}`);
    expect(valueOf(text, 'portal_job_runs_total', { job_name: `metrics.flaky.${kind}`, outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'portal_job_interval_seconds', { job_name: 'payments.reconcile' })).toBe(0);
    // after a failure the last success stays: the row says when the job last worked
    fail = false;
    await t.app.jobs.runNow(`metrics.flaky.${kind}`);
    fail = true;
    await expect(t.app.jobs.runNow(`metrics.flaky.${kind}`)).rejects.toThrow();
    text = await scrape(t);
    expect(valueOf(text, 'portal_job_last_success_timestamp_seconds', { job_name: `metrics.flaky.${kind}` })).toBeGreaterThan(0);
    expect(valueOf(text, 'portal_job_runs_total', { job_name: `metrics.flaky.${kind}`, outcome: 'ok' })).toBe(1);
  });

  it('counts payments by channel and event, and notifications by outcome', async () => {
    const token = await t.loginAccount();
    const before = await scrape(t);
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(o.pay.url.split('/').pop(), 'pay', { drop: true }))!;
    const body = sandbox.notificationFor(row);
    await notify(t, 1, body);
    await notify(t, 1, body);
    await notify(t, 1, { ...body, sign: 'forged' });
    const after = await scrape(t);
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('portal_payments_total', { channel: '1', event: 'created' })).toBe(1);
    expect(delta('portal_payments_total', { channel: '1', event: 'paid' })).toBe(1);
    expect(delta('portal_payment_notifications_total', { channel: '1', outcome: 'credited' })).toBe(1);
    expect(delta('portal_payment_notifications_total', { channel: '1', outcome: 'duplicate' })).toBe(1);
    expect(delta('portal_payment_notifications_total', { channel: '1', outcome: 'bad_signature' })).toBe(1);
    expect(after).not.toContain(o.order_no);
  });

  it('serves the same figures on a port of its own, which promtool accepts', async () => {
    const { server, port } = await startMetricsServer(t.app.metrics, { port: 0, host: '127.0.0.1', token: null });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('portal_http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      const checked = promtool(['check', 'metrics'], text);
      expect(checked.status, checked.out).toBe(0);
      // every figure the alert rules and the dashboard read is one this server serves (the pool's on PostgreSQL only)
      const served = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
      for (const name of namesReadByDeploy()) {
        if (kind === 'sqlite' && name.startsWith('portal_db_pool_')) continue;
        expect(served, name).toContain(name);
      }
    } finally {
      server.close();
    }
  });
});

describe('metrics without a token', () => {
  const t = useTestApp('sqlite');
  it('are not served on the public port at all', async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('portal_');
  });
});

const dashboard = () => JSON.parse(readFileSync(resolve(repoRoot, 'deploy/grafana/portal-dashboard.json'), 'utf8'));
const dashboardExprs = (): string[] => dashboard().panels.flatMap((p: { targets: { expr: string }[] }) => p.targets.map((t) => t.expr));

/** the metric names (histograms by their base name) that alerts.yml and the dashboard read */
function namesReadByDeploy(): string[] {
  const text = readFileSync(resolve(repoRoot, 'deploy/prometheus/alerts.yml'), 'utf8') + dashboardExprs().join('\n');
  const names = [...text.matchAll(/\b((?:portal|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''));
  return [...new Set(names)];
}

describe('deploy/prometheus and deploy/grafana', () => {
  it("the dashboard's queries are PromQL that promtool parses", () => {
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-rules-'));
    try {
      const rules = dashboardExprs()
        .map((expr, i) => `      - record: dashboard:panel_${i}\n        expr: ${JSON.stringify(expr)}`)
        .join('\n');
      writeFileSync(join(dir, 'dashboard.yml'), `groups:\n  - name: dashboard\n    rules:\n${rules}\n`);
      const checked = promtool(['check', 'rules', join(dir, 'dashboard.yml')]);
      expect(checked.status, checked.out).toBe(0);
      expect(checked.out).toContain(`${dashboardExprs().length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('promtool accepts the alert rules and their tests', () => {
    const checked = promtool(['check', 'rules', 'deploy/prometheus/alerts.yml']);
    expect(checked.status, checked.out).toBe(0);
    const tested = promtool(['test', 'rules', 'deploy/prometheus/alerts.test.yml']);
    expect(tested.status, tested.out).toBe(0);
    // the scrape configuration names the rules
    const config = promtool(['check', 'config', '--syntax-only', 'deploy/prometheus/prometheus.yml']);
    expect(config.status, config.out).toBe(0);
  });
});
