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
