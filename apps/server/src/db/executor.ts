import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * What every repository function runs its SQL on: the database itself, or the transaction the
 * caller opened. A service that needs several writes to succeed or fail together opens ONE
 * transaction (`ctx.db.kysely.transaction()`) and passes it to each owner's repository in turn;
 * otherwise it passes `ctx.db.kysely`. `Db` (./connect) stays the connection with its dialect,
 * for what needs the dialect or opens transactions.
 */
export type Executor = Kysely<Database> | Transaction<Database>;
