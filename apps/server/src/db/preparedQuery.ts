import type { CompiledQuery } from 'kysely';
import type { Executor } from './executor';
import { readsNow, readsPrepared } from './readNow';

// Hot-path queries built and compiled once, then run with new values. Building a Kysely query
// (its immutable node tree, then the compiler's walk over it) cost more than running it on
// SQLite for card info's four lookups (docs/decisions/0022). A prepared query is written as usual
// — `(db, customNum) => db.selectFrom(…).where('custom_num', '=', customNum)` — and compiled on
// first use with placeholders standing in for the arguments; later calls swap the arguments into
// the parameters of that compiled query. The SQL text stays the same, so SQLite's statement cache
// (connect.ts) and PostgreSQL's plan both serve it. One compiled query per dialect (the adapter).

let preparedQueries = 0;

/** stands in for argument `index` while the query is compiled */
class Slot {
  constructor(readonly index: number) {}
}

export function preparedQuery<A extends unknown[], Row>(
  build: (db: Executor, ...args: A) => { compile(): CompiledQuery<Row> },
): (db: Executor, ...args: A) => Promise<Row[]> {
  const compiledFor = new WeakMap<object, CompiledQuery<Row>>();
  // the statement's name on a server that keeps plans by name (./readNow ReadsPrepared)
  const name = `portal_prepared_${++preparedQueries}`;
  return async (db, ...args) => {
    const executor = db.getExecutor();
    const adapter = executor.adapter;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      try {
        compiled = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      } catch (err) {
        throw new Error(`preparedQuery: an argument is used as something other than a value: ${(err as Error).message}`, { cause: err });
      }
      // every argument must have become a parameter (not inlined into the SQL text)
      const used = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index));
      if (used.size !== args.length) throw new Error(`preparedQuery: ${args.length - used.size} argument(s) did not become parameters`);
      compiledFor.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    // the embedded database answers a read at once when no transaction holds its connection
    // (./readNow); a transaction's own queries, and plugins that rewrite results, take the usual path
    if (!db.isTransaction && executor.plugins.length === 0 && readsNow(adapter)) {
      const rows = adapter.readNow(compiled.sql, parameters);
      if (rows) return rows as Row[];
    }
    if (!db.isTransaction && executor.plugins.length === 0 && readsPrepared(adapter))
      return (await adapter.readPrepared(name, compiled.sql, parameters)) as Row[];
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
