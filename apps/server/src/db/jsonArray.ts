// A subquery's rows as ONE column of a JSON array, so that a hot-path statement can bring a short
// list along (card info: the owner's member levels) instead of a second statement. Kysely's helper
// differs per dialect (json_group_array on SQLite, json_agg on PostgreSQL); the adapter picks it,
// which suits preparedQuery (./preparedQuery), whose build runs once per adapter.
import { PostgresAdapter } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Executor } from './executor';

/** `expr`'s rows as a JSON array column (`[]` when none). Read the value back with jsonRows. */
export function jsonArrayFrom<O>(
  db: Executor,
  expr: Parameters<typeof sqliteJsonArrayFrom<O>>[0],
): ReturnType<typeof sqliteJsonArrayFrom<O>> {
  // (the two helpers' types differ only in how they spell the row; the SQLite one's is kept)
  if (db.getExecutor().adapter instanceof PostgresAdapter) return postgresJsonArrayFrom(expr) as ReturnType<typeof sqliteJsonArrayFrom<O>>;
  return sqliteJsonArrayFrom(expr);
}

/** A jsonArrayFrom column's rows: PostgreSQL's driver parses JSON, SQLite answers its text. */
export function jsonRows<T>(value: T[] | string | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}
