// The server's start-up, as an operator runs it (the build, dist/main.js, as a child process: scripts/test/serverEntry.ts): a wrong variable or a
// production configuration with something only a developer's machine should have is refused with a
// message naming what to change, exit code 78 and nothing written; a proper one starts
// (docs/decisions/0016-production-configuration.md).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, DEV_PAY_SANDBOX_SECRET, DEV_PERSONAL_DATA_KEY, ENV_NAMES, loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { freePort } from './ports';
import { serverEntry } from '../../../scripts/test/serverEntry';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dir = mkdtempSync(join(tmpdir(), 'portal-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** whether /healthz answered before the server was stopped */
  served: boolean;
  /** the answer to a demo login, when the server started */
  demoLogin?: { code: number };
}

let runs = 0;
/**
 * Starts the server with only these variables (nothing from the test runner's environment that the
 * server reads); when it starts, checks /healthz and a demo login, then stops it.
 */
/** how long a start may take before the test gives up on it; the tests that start one allow more */
const START_WAIT_MS = 100_000;
const STARTS = { timeout: START_WAIT_MS + 20_000 };

async function start(env: Record<string, string | undefined>): Promise<Run & { databaseUrl: string }> {
  const databaseUrl = env.DATABASE_URL ?? join(dir, `run-${++runs}.db`);
  const port = await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ENV_NAMES) delete base[name];
  const child = spawn(process.execPath, serverEntry(repoRoot), {
    cwd: repoRoot,
    env: { ...base, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '', DATABASE_URL: databaseUrl, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  let served = false;
  let demoLogin: { code: number } | undefined;
  // a start migrates and seeds a database: seconds alone, more than 30 in a whole run's busiest minute
  const giveUpAt = Date.now() + START_WAIT_MS;
  while (Date.now() < giveUpAt && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      served = res.ok;
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login_model: 'account', account: 'demo', password: 'demo1234' }),
      });
      demoLogin = (await login.json()) as { code: number };
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (child.exitCode === null) child.kill('SIGTERM');
  const code = await exited;
  return { code, stdout, stderr, served, demoLogin, databaseUrl };
}

const SECRETS = { PERSONAL_DATA_KEY: 'p'.repeat(64), PAY_SANDBOX_SECRET: 's'.repeat(64) };
/** a staging deployment: production, its own secrets, no demo data, every simulator named */
const STAGING = { NODE_ENV: 'production', ...SECRETS, ALLOW_SIMULATORS: 'carrier,devices,payments,sms' };

describe('start-up', STARTS, () => {
  it('a fresh machine in development: starts with the demo data and prints the demo logins', async () => {
    const run = await start({});
    expect(run.served).toBe(true);
    expect(run.demoLogin?.code).toBe(0);
    expect(run.stdout).toContain('已载入演示数据');
    expect(run.stdout).toContain('demo / demo1234');
  });

  it('a wrong variable stops it with a message naming the variable, before the database is opened', async () => {
    const run = await start({ PORT: '30o0', SIM_CONTROLS: 'yes' });
    expect(run.code).toBe(78);
    expect(run.stderr).toContain('PORT: must be a number (digits only, e.g. 30) (got "30o0")');
    expect(run.stderr).toContain('SIM_CONTROLS: must be 1 or 0 (got "yes")');
    expect(run.stderr).not.toMatch(/\n\s+at /); // the fix, not a stack trace
    expect(existsSync(run.databaseUrl)).toBe(false);
    expect(run.served).toBe(false);
  });

  // [the one forbidden thing, the message naming what to change]
  const refused: [string, Record<string, string | undefined>, string][] = [
    ['the development personal-data key', { PERSONAL_DATA_KEY: DEV_PERSONAL_DATA_KEY }, 'PERSONAL_DATA_KEY: set a secret of your own'],
    ['no personal-data key', { PERSONAL_DATA_KEY: undefined }, 'PERSONAL_DATA_KEY: set a secret of your own'],
    ['the development sandbox secret', { PAY_SANDBOX_SECRET: DEV_PAY_SANDBOX_SECRET }, 'PAY_SANDBOX_SECRET: set a secret of your own'],
    ['a short secret', { PAY_SANDBOX_SECRET: 'changeme' }, 'PAY_SANDBOX_SECRET: use at least 32 characters'],
    [
      'simulators nobody named',
      { ALLOW_SIMULATORS: undefined },
      'ALLOW_SIMULATORS: the carrier, devices, payments, sms simulators are mounted',
    ],
    ['the payment sandbox not named', { ALLOW_SIMULATORS: 'carrier,devices,sms' }, 'ALLOW_SIMULATORS: the payments simulator is mounted'],
    ['the test controls', { SIM_CONTROLS: '1' }, 'SIM_CONTROLS: the test controls move the server clock; set SIM_CONTROLS=0'],
    ['the demo data', { SEED_DEMO: '1' }, 'SEED_DEMO: the demo data and its public passwords are never loaded in production'],
  ];
  it.each(refused)('production with %s: refused, exit 78, nothing written', async (_what, change, message) => {
    const run = await start({ ...STAGING, ...change });
    expect(run.code).toBe(78);
    expect(run.stderr).toContain('The server cannot start with this configuration:');
    expect(run.stderr).toContain(message);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(1);
    expect(existsSync(run.databaseUrl)).toBe(false);
    expect(run.served).toBe(false);
    expect(run.stdout + run.stderr).not.toContain('demo1234');
  });

  it('production with everything wrong names every variable to change at once', async () => {
    const run = await start({ NODE_ENV: 'production', SEED_DEMO: '1', SIM_CONTROLS: '1' });
    expect(run.code).toBe(78);
    for (const name of ['PERSONAL_DATA_KEY', 'PAY_SANDBOX_SECRET', 'ALLOW_SIMULATORS', 'SEED_DEMO', 'SIM_CONTROLS'])
      expect(run.stderr).toContain(`  - ${name}: `);
  });

  it('production on PostgreSQL: refused before connecting (the address answers nothing)', async () => {
    const port = await freePort();
    const run = await start({ NODE_ENV: 'production', DATABASE_URL: `postgres://portal:portal@127.0.0.1:${port}/none` });
    expect(run.code).toBe(78);
    expect(run.stderr).toContain('ALLOW_SIMULATORS:');
    expect(run.stderr).not.toMatch(/ECONNREFUSED/);
  });

  it('a staging deployment with its own secrets and each simulator named: starts, without the demo data', async () => {
    const run = await start(STAGING);
    expect(run.stderr).toBe('');
    expect(run.served).toBe(true);
    expect(run.code).toBe(0); // stopped by SIGTERM, cleanly
    expect(existsSync(run.databaseUrl)).toBe(true);
    expect(run.stdout).toContain('流量卡自助服务门户已启动');
    expect(run.stdout).not.toContain('演示');
    expect(run.stdout).not.toContain('demo1234');
    // the demo password opens nothing
    expect(run.demoLogin).toBeDefined();
    expect(run.demoLogin!.code).not.toBe(0);
  });
});

describe('start-up on a database tried out in development', STARTS, () => {
  it('production refuses a database that holds the demo logins, and changes nothing in it', async () => {
    const databaseUrl = join(dir, 'tried.db');
    const dev = await start({ DATABASE_URL: databaseUrl });
    expect(dev.demoLogin?.code).toBe(0);
    const before = await countUsers(databaseUrl);
    const run = await start({ ...STAGING, DATABASE_URL: databaseUrl });
    expect(run.code).toBe(78);
    expect(run.stderr).toContain('DATABASE_URL: this database holds the demo data');
    expect(run.served).toBe(false);
    expect(run.stdout + run.stderr).not.toContain('demo1234');
    expect(await countUsers(databaseUrl)).toEqual(before);
  });
});

async function countUsers(databaseUrl: string) {
  const db = await connect(databaseUrl);
  try {
    const users = await db.kysely.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute();
    const logins = await db.kysely.selectFrom('sessions').select('token_hash').execute();
    return { users, sessions: logins.length };
  } finally {
    await db.close();
  }
}

describe('buildApp in production', () => {
  const production = { ...loadConfig(STAGING), databaseUrl: ':memory:', webDist: null, logLevel: 'silent' };

  it('mounts no simulator that ALLOW_SIMULATORS does not name', async () => {
    const db = await connect(':memory:');
    try {
      const err = await buildApp({ db, config: { ...production, allowSimulators: ['carrier', 'devices', 'sms'] } }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        'ALLOW_SIMULATORS: the payments simulator is mounted; a staging deployment that wants them names each one (ALLOW_SIMULATORS=carrier,devices,payments,sms)',
      ]);
    } finally {
      await db.close();
    }
  });

  it('builds with the simulators named', async () => {
    const db = await connect(':memory:');
    try {
      const app = await buildApp({ db, config: production, logger: false });
      await app.close();
    } finally {
      await db.close();
    }
  });
});
