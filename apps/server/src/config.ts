import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** built web app to serve; null = API only (tests) */
  webDist: string | null;
  /** seed demo data into an empty database */
  seedDemo: boolean;
  logLevel: string;
  /** behind a reverse proxy: trust X-Forwarded-For for the client address (rate limits) */
  trustProxy: boolean;
  /** token lifetime and how close to expiry it is rotated */
  tokenTtlMs: number;
  tokenRotateBeforeMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? resolve(repoRoot, 'data/portal.db'),
    webDist: env.WEB_DIST === '' ? null : resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 24 * 7) * 3600_000,
    tokenRotateBeforeMs: Number(env.TOKEN_ROTATE_BEFORE_HOURS ?? 24) * 3600_000,
  };
}
