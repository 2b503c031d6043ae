// A read the embedded database can answer at once. node:sqlite is synchronous and has one
// connection per process; Kysely still sends every query through its driver's connection mutex
// and a chain of promises, which cost more than the statement itself on card info's hot path
// (docs/decisions/0022, third pass). A read may skip that queue when no transaction is open on the
// connection: nothing can interleave with a synchronous statement, and outside a transaction it
// runs in autocommit exactly as the queued one would. Inside a transaction (someone else's, held
// across awaits) it must queue, or it would read that transaction's uncommitted rows.

/** the adapter of a database that can answer some reads at once */
export interface ReadsNow {
  /** the rows of a reading statement, or undefined when the read must take the usual path */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined;
}

export function readsNow(adapter: object): adapter is ReadsNow {
  return typeof (adapter as Partial<ReadsNow>).readNow === 'function';
}

/**
 * A database server that keeps a statement's plan by name (PostgreSQL): a hot-path read is sent as a
 * named prepared statement on whichever pooled connection runs it, parsed and planned once per
 * connection instead of on every request — card info's statement took ~1 ms to plan and 0.3 ms to
 * run (docs/decisions/0068). Used by ./preparedQuery outside transactions only.
 */
export interface ReadsPrepared {
  readPrepared(name: string, sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
}

export function readsPrepared(adapter: object): adapter is ReadsPrepared {
  return typeof (adapter as Partial<ReadsPrepared>).readPrepared === 'function';
}
