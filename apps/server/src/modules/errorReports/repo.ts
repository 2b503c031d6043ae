// SQL of the phones' error reports: owns error_reports (docs/decisions/0037-errors-from-phones.md).
// One row per group (fingerprint, release); a report adds to its group's count in ONE upsert, so
// reports arriving together in several processes are all counted.
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** the most pages or API routes kept per group */
export const MAX_ROUTES = 5;

export interface GroupHit {
  fingerprint: string;
  release: string;
  kind: string;
  /** scrubbed */
  message: string;
  /** scrubbed, '' when none */
  route: string;
  /** scrubbed */
  userAgent: string;
  count: number;
  at: string;
  /** who would create the group (a keyed hash of the client address); kept only by the insert */
  source: string;
}

/** Of these fingerprints of one release, the ones that already have a group. */
export async function existingFingerprints(db: Executor, release: string, fingerprints: readonly string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .selectFrom('error_reports')
    .select('fingerprint')
    .where('release', '=', release)
    .where('fingerprint', 'in', [...fingerprints])
    .execute();
  return new Set(rows.map((r) => r.fingerprint));
}

/** Counts `count` reports into their group, creating it at the first. */
export async function addToGroup(db: Executor, h: GroupHit): Promise<void> {
  const row = await db
    .insertInto('error_reports')
    .values({
      fingerprint: h.fingerprint,
      release: h.release,
      kind: h.kind,
      message: h.message,
      count: h.count,
      routes: h.route,
      sample_user_agent: h.userAgent,
      first_seen_at: h.at,
      last_seen_at: h.at,
      source: h.source,
    })
    .onConflict((oc) =>
      oc.columns(['fingerprint', 'release']).doUpdateSet({
        count: sql<number>`error_reports.count + ${h.count}`,
        last_seen_at: sql<string>`case when error_reports.last_seen_at < ${h.at} then ${h.at} else error_reports.last_seen_at end`,
        sample_user_agent: h.userAgent,
      }),
    )
    .returning(['id', 'routes'])
    .executeTakeFirstOrThrow();
  if (!h.route) return;
  const routes = row.routes ? row.routes.split('\n') : [];
  if (routes.includes(h.route) || routes.length >= MAX_ROUTES) return;
  // compare-and-set: a route another process added meanwhile is not overwritten (then this one
  // is left out — the list is an example, the count is what matters)
  await db
    .updateTable('error_reports')
    .set({ routes: [...routes, h.route].join('\n') })
    .where('id', '=', row.id)
    .where('routes', '=', row.routes)
    .execute();
}

export interface ReleaseRow {
  release: string;
  first_seen_at: string;
  last_seen_at: string;
  count: number;
  groups: number;
}

/** Each release with reports, newest first (by its first report). */
export async function releases(db: Executor, limit: number): Promise<ReleaseRow[]> {
  const rows = await db
    .selectFrom('error_reports')
    .select((eb) => [
      'release',
      eb.fn.min<string>('first_seen_at').as('first_seen_at'),
      eb.fn.max<string>('last_seen_at').as('last_seen_at'),
      eb.fn.sum<number | string>('count').as('count'),
      eb.fn.countAll<number | string>().as('groups'),
    ])
    .groupBy('release')
    .orderBy('first_seen_at', 'desc')
    .orderBy('release')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count), groups: Number(r.groups) }));
}

export interface GroupRow {
  id: number;
  kind: string;
  message: string;
  release: string;
  count: number;
  routes: string;
  sample_user_agent: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** Groups, newest release first (by its first report), then the most recently seen. */
export async function groups(db: Executor, opts: { release?: string; limit: number }): Promise<GroupRow[]> {
  let q = db
    .selectFrom('error_reports as e')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('error_reports')
          .select((s) => ['release', s.fn.min<string>('first_seen_at').as('release_first')])
          .groupBy('release')
          .as('r'),
      (j) => j.onRef('r.release', '=', 'e.release'),
    )
    .select([
      'e.id',
      'e.kind',
      'e.message',
      'e.release',
      'e.count',
      'e.routes',
      'e.sample_user_agent',
      'e.first_seen_at',
      'e.last_seen_at',
    ]);
  if (opts.release) q = q.where('e.release', '=', opts.release);
  const rows = await q
    .orderBy('r.release_first', 'desc')
    .orderBy('e.last_seen_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Groups not seen since `before` go; the number deleted. */
export async function pruneOlderThan(db: Executor, before: string): Promise<number> {
  const old = await db.deleteFrom('error_reports').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(old.numDeletedRows);
}

/** Every group's id and source, the most recently seen first (what pruning by share decides on). */
export async function groupSources(db: Executor): Promise<{ id: number; source: string }[]> {
  return db.selectFrom('error_reports').select(['id', 'source']).orderBy('last_seen_at', 'desc').orderBy('id', 'desc').execute();
}

/** Deletes these groups, a bounded batch at a time; the number deleted. */
export async function deleteGroups(db: Executor, ids: readonly number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const res = await db
      .deleteFrom('error_reports')
      .where('id', 'in', ids.slice(i, i + 500))
      .executeTakeFirst();
    n += Number(res.numDeletedRows);
  }
  return n;
}
