import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DialectAdapter,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { ReadsNow, ReadsPrepared } from './readNow';
import type { Database } from './schema';
import { privateFile, privateFolder } from './privateFiles';
import { dirname, resolve } from 'node:path';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** call `observer` with each statement's duration in seconds (the app's metrics; lib/metrics) */
  observeQueries(observer: QueryObserver): void;
  /** PostgreSQL: the pool's connections and the requests waiting for one; undefined on SQLite (one connection) */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export type QueryObserver = (seconds: number) => void;

/** DATABASE_URL: a postgres:// URL, or a SQLite file path (":memory:" for tests). pgPoolMax: PG_POOL_MAX (config.ts). */
export async function connect(databaseUrl: string, opts: { pgPoolMax?: number; pgConnectTimeoutMs?: number } = {}): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pg = await import('pg');
    // COUNT/SUM come back as int8 strings; our sums fit well inside a double.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.default.Pool({
      connectionString: databaseUrl,
      max: opts.pgPoolMax ?? 10,
      // While PostgreSQL restarts, a request waits at most this long for a connection, then fails
      // in the envelope (app.ts: 503) instead of hanging; the next request opens a new one.
      connectionTimeoutMillis: opts.pgConnectTimeoutMs ?? 5000,
      // a connection whose peer vanished without a FIN (a failover, a dropped NAT entry) is found out
      keepAlive: true,
    });
    // A client cut off by the server (a restart, a failover, pg_terminate_backend) is dropped and
    // replaced by the pool on the next query — idle or in use: the query in flight fails with the
    // error, the pool removes the client. Unhandled, its 'error' would end the process.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL dropped a connection: ${(err as Error).message}`);
    });
    // The pool listens for 'error' only on its idle clients. A client in use (a query, a
    // transaction) whose connection is cut emits 'error' with no listener — an uncaught exception
    // that ends the whole process. Its query already fails with the same error (the request
    // answers 503, app.ts), and on release the pool sees it is no longer queryable and drops it:
    // this listener only keeps the process alive.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    let observe: QueryObserver | undefined;
    const readPrepared: ReadsPrepared['readPrepared'] = async (name, text, values) => {
      const start = performance.now();
      const result = await pool.query({ name, text, values: values as unknown[] }).catch((err: unknown) => {
        // a connection that prepared `select *` before a migration added a column (another process
        // of a rolling deploy): "cached plan must not change result type" — asked again unprepared
        if ((err as { code?: string }).code === '0A000') return pool.query({ text, values: values as unknown[] });
        throw err;
      });
      observe?.((performance.now() - start) / 1000);
      return result.rows as unknown[];
    };
    const kysely = new Kysely<Database>({
      dialect: new PreparedPostgresDialect({ pool }, readPrepared),
      // Kysely times every query it runs when a log function is given
      log: (event) => observe?.(event.queryDurationMillis / 1000),
    });
    return {
      kysely,
      dialect: 'postgres',
      close: () => kysely.destroy(),
      observeQueries: (o) => (observe = o),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // loaded here, not at the top: on an older Node the runtime check (runtime.ts) speaks first
  const { openSqlite } = await import('./nodeSqlite');
  if (databaseUrl !== ':memory:') {
    // 0700 folders, the file (and so its -wal and -shm) 0600: docs/decisions/0057
    privateFolder(dirname(resolve(databaseUrl)));
    privateFile(resolve(databaseUrl));
  }
  const database = openSqlite(databaseUrl);
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, database) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy(), observeQueries: (o) => database.observeQueries(o) };
}

/** PostgreSQL with the hot path's reads as named prepared statements (./readNow ReadsPrepared). */
class PreparedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly readPrepared: ReadsPrepared['readPrepared'],
  ) {
    super(config);
  }
  override createAdapter(): DialectAdapter {
    return new PreparedPostgresAdapter(this.readPrepared);
  }
}

class PreparedPostgresAdapter extends PostgresAdapter implements ReadsPrepared {
  constructor(readonly readPrepared: ReadsPrepared['readPrepared']) {
    super();
  }
}

/**
 * Transactions begin IMMEDIATE: they take SQLite's write lock at their start. With the default
 * deferred BEGIN, two processes on one file that both read and then write (the migrator, the
 * seed's guard, a conditional update after a check) get SQLITE_BUSY at the second one's first
 * write without waiting; IMMEDIATE makes the second wait its turn (busy_timeout) and then read
 * what the first committed. Within one process Kysely already runs one transaction at a time.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly reads: ReadsNow,
  ) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter(this.reads);
  }
}

/**
 * SQLite does roll back CREATE/ALTER TABLE in a transaction; Kysely's adapter says it does not,
 * and its Migrator then runs migrations outside any transaction and without a lock (the adapter's
 * lock is a no-op) — two processes starting together on one file would both run them. Saying
 * true makes the Migrator run them in one (IMMEDIATE) transaction: the second process waits for
 * the first's commit, then finds nothing left to run (docs/decisions/0017).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter implements ReadsNow {
  constructor(private readonly reads: ReadsNow) {
    super();
  }
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
  /** the hot path's reads without the driver's queue (./readNow; used by ./preparedQuery) */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    return this.reads.readNow(sql, parameters);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
