// The embedded database is Node's own SQLite (node:sqlite), not a native addon: nothing to
// compile at `npm install`, nothing tied to one Node ABI (docs/decisions/0023). Kysely's SQLite
// dialect speaks better-sqlite3's interface; this is the small bridge between the two.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { ReadsNow } from './readNow';
import { rowFactory, type RowFactory } from './rowFactory';

/** A prepared statement as Kysely's SQLite driver uses it. */
class Statement implements SqliteStatement {
  /** true when the statement returns rows (a SELECT, or anything with RETURNING) */
  readonly reader: boolean;
  /** rows come back as arrays and are made objects here (./rowFactory: much cheaper) */
  private readonly toRow: RowFactory | undefined;

  constructor(
    private readonly stmt: StatementSync,
    private readonly timing: { observe: ((seconds: number) => void) | undefined },
  ) {
    const columns = stmt.columns();
    this.reader = columns.length > 0;
    if (this.reader) {
      stmt.setReturnArrays(true);
      this.toRow = rowFactory(columns.map((c) => c.name));
    }
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const observe = this.timing.observe;
    const start = observe ? performance.now() : 0;
    const rows = this.stmt.all(...(parameters as SQLInputValue[])) as unknown as unknown[][];
    // the statement is synchronous: this is exactly its time, on both of Kysely's paths and readNow's
    if (observe) observe((performance.now() - start) / 1000);
    return this.toRow ? rows.map(this.toRow) : rows;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const observe = this.timing.observe;
    const start = observe ? performance.now() : 0;
    const result = this.stmt.run(...(parameters as SQLInputValue[]));
    if (observe) observe((performance.now() - start) / 1000);
    return result;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const toRow = this.toRow;
    for (const values of this.stmt.iterate(...(parameters as SQLInputValue[])))
      yield toRow ? toRow(values as unknown as unknown[]) : values;
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest single cost of the
 * card-info hot path. Queries are parameterized, so the SQL texts repeat and their statements can
 * be reused (Kysely runs them synchronously, one at a time). Bounded: cleared when it grows large.
 */
export function openSqlite(file: string): SqliteDatabase & ReadsNow & { observeQueries(o: (seconds: number) => void): void } {
  // timeout: how long a write waits out another process's lock (busy_timeout)
  const db = new DatabaseSync(file, { timeout: 5000 });
  // WAL lets readers proceed while a write is in progress.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, Statement>();
  const timing: { observe: ((seconds: number) => void) | undefined } = { observe: undefined };
  const prepare = (sql: string): Statement => {
    let stmt = cache.get(sql);
    if (!stmt) {
      if (cache.size >= 500) cache.clear();
      stmt = new Statement(db.prepare(sql), timing);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return {
    prepare,
    // ./readNow: only outside a transaction, and only a statement that reads
    readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
      if (db.isTransaction) return undefined;
      const stmt = prepare(sql);
      return stmt.reader ? stmt.all(parameters) : undefined;
    },
    observeQueries(o: (seconds: number) => void): void {
      timing.observe = o;
    },
    close(): void {
      cache.clear();
      db.close();
    },
  };
}
