import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** DATABASE_URL: a postgres:// URL, or a SQLite file path (":memory:" for tests). pgPoolMax: PG_POOL_MAX (config.ts). */
export async function connect(databaseUrl: string, opts: { pgPoolMax?: number } = {}): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pg = await import('pg');
    // COUNT/SUM come back as int8 strings; our sums fit well inside a double.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: databaseUrl, max: opts.pgPoolMax ?? 10 });
    // An idle client cut off by the server (a restart, a failover, an operator) is dropped and
    // replaced by the pool on the next query; unhandled, its 'error' would end the process.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL dropped an idle connection: ${(err as Error).message}`);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const { default: SQLite } = await import('better-sqlite3');
  if (databaseUrl !== ':memory:') mkdirSync(dirname(resolve(databaseUrl)), { recursive: true });
  const sqlite = new SQLite(databaseUrl);
  // WAL lets readers proceed while a write is in progress; busy_timeout waits out another process's lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest single cost of the
 * card-info hot path. Queries are parameterized, so the SQL texts repeat and their statements can
 * be reused (Kysely runs them synchronously, one at a time). Bounded: cleared when it grows large.
 */
function withStatementCache(sqlite: import('better-sqlite3').Database) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= 500) cache.clear();
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
