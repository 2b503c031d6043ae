// Phones' error reports (docs/decisions/0037-errors-from-phones.md): a batch counted into its groups
// after every text is scrubbed again here — a report is the phone's word, and an old or tampered
// client may send a card number — and forwarded to Sentry when SENTRY_DSN is set.
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Code } from '@portal/contract/codes';
import type { BodyOf } from '@portal/contract/endpoints';
import type { AdminQueryOf, AdminAnswerOf } from '@portal/contract/admin';
import {
  apiFailureMessage,
  groupTextOf,
  keptBySourceShare,
  scrubRoute,
  scrubText,
  servedReleaseOf,
  type ErrorReportKind,
} from '@portal/domain/errorReport';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { countErrorReports } from '../../lib/metrics';
import { hit, take } from '../../lib/throttle';
import * as repo from './repo';
import { sendToSentry, sentryTarget, type SentryEvent } from './sentry';

/** groups not seen for this long are deleted */
export const KEEP_DAYS = 90;
/** the most groups kept (the most recently seen) */
export const MAX_GROUPS = 5000;

export const KIND_LABEL: Record<ErrorReportKind, string> = { error: '未捕获的错误', chunk: '页面代码加载失败', api: '接口调用失败' };

type Batch = BodyOf<'errorReports'>;

/** The rate limit per client address: refused batches write nothing (the throttle row aside). */
export async function admitReporter(ctx: AppContext, ip: string): Promise<void> {
  const r = await hit(ctx.db.kysely, `error_reports:${ip}`, { limit: ctx.config.errorReports.perMinute, windowMs: 60_000 });
  if (!r.allowed) {
    countErrorReports('', 'rate_limited');
    throw new AppError(Code.RATE_LIMITED, '错误报告过于频繁，请稍后再试');
  }
}

interface Scrubbed extends Omit<SentryEvent, 'at'> {
  kind: ErrorReportKind;
}

/** One report as it may be kept: texts scrubbed, the group's fingerprint from the scrubbed text. */
export function scrubReport(r: Batch['reports'][number], release: string, userAgent: string): Scrubbed {
  const route = scrubRoute(r.route);
  // a failed call's message is rebuilt from its parts: nothing the phone wrote besides them is kept
  const message = r.kind === 'api' ? apiFailureMessage(route, r.status ?? 0, r.code) : scrubText(r.message);
  const fingerprint = createHash('sha256').update(groupTextOf(r.kind, message)).digest('hex').slice(0, 32);
  return { kind: r.kind, message, route, release, userAgent, fingerprint, status: r.status, code: r.code };
}

/**
 * Who creates a group, as kept with it: a keyed hash of the client address (the table keeps no
 * address; the key is derived from the server's secret, so the hash cannot be looked up).
 */
function sourceOf(ctx: AppContext, ip: string): string {
  const key = Buffer.from(hkdfSync('sha256', ctx.config.personalDataKey, 'portal error reports', 'source v1', 32));
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, 16);
}

const HOUR_MS = 3_600_000;

/**
 * The reports that may be kept: each of a group that exists, and of those that would create a group
 * only as many groups as the address's and then the release's budget of new groups an hour allow
 * (docs/decisions/0057). Without it one address sending a new message in every report pushes every
 * genuine group out of the MAX_GROUPS kept within minutes. Those dropped are counted as rate_limited.
 */
async function withinNewGroupBudget(ctx: AppContext, reports: Scrubbed[], release: string, ip: string): Promise<Scrubbed[]> {
  const db = ctx.db.kysely;
  const fingerprints = [...new Set(reports.map((r) => r.fingerprint))];
  const existing = await repo.existingFingerprints(db, release, fingerprints);
  const fresh = fingerprints.filter((f) => !existing.has(f));
  if (fresh.length === 0) return reports;
  const { errorReports } = ctx.config;
  const byAddress = await take(db, `error_groups:address:${ip}`, { limit: errorReports.newGroupsPerHour, windowMs: HOUR_MS }, fresh.length);
  const granted =
    byAddress.granted === 0
      ? 0
      : (
          await take(
            db,
            `error_groups:release:${release}`,
            { limit: errorReports.newGroupsPerReleaseHour, windowMs: HOUR_MS },
            byAddress.granted,
          )
        ).granted;
  const refused = new Set(fresh.slice(granted));
  if (refused.size === 0) return reports;
  const kept = reports.filter((r) => !refused.has(r.fingerprint));
  for (const r of reports) if (refused.has(r.fingerprint)) countErrorReports(r.kind, 'rate_limited');
  return kept;
}

export async function receiveReports(ctx: AppContext, batch: Batch, userAgent: string, ip: string): Promise<{ accepted: number }> {
  const at = clock.now();
  const ua = scrubText(userAgent).slice(0, 200);
  const source = sourceOf(ctx, ip);
  const reports = await withinNewGroupBudget(
    ctx,
    batch.reports.map((r) => scrubReport(r, batch.release, ua)),
    batch.release,
    ip,
  );
  // one upsert per group and route, not per report
  const hits = new Map<string, repo.GroupHit>();
  for (const r of reports) {
    const key = `${r.fingerprint}\n${r.route}`;
    const h = hits.get(key);
    if (h) h.count += 1;
    else
      hits.set(key, {
        fingerprint: r.fingerprint,
        release: r.release,
        kind: r.kind,
        message: r.message,
        route: r.route,
        userAgent: ua,
        count: 1,
        at: at.toISOString(),
        source,
      });
  }
  for (const h of hits.values()) await repo.addToGroup(ctx.db.kysely, h);
  for (const h of hits.values()) countErrorReports(h.kind, 'stored', h.count);
  await forward(ctx, reports, at);
  return { accepted: reports.length };
}

/** Every report to Sentry, when a DSN is set; a failure is logged, the reports stay counted here. */
async function forward(ctx: AppContext, reports: Scrubbed[], at: Date): Promise<void> {
  const dsn = ctx.config.errorReports.sentryDsn;
  const target = dsn ? sentryTarget(dsn) : null;
  if (!target) return;
  const results = await Promise.allSettled(reports.map((r) => sendToSentry(target, { ...r, at })));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length)
    ctx.log.warn(
      { failed: failed.length, of: reports.length, err: (failed[0] as PromiseRejectedResult).reason },
      'error reports: Sentry did not take them',
    );
}

/**
 * The release of the H5 build this server serves (its index.html's entry file), read each time: a
 * deployment replaces the build in place. Null when it serves none (a developer's machine, tests).
 */
async function servedRelease(ctx: AppContext): Promise<string | null> {
  if (!ctx.config.webDist) return null;
  try {
    return servedReleaseOf(await readFile(join(ctx.config.webDist, 'index.html'), 'utf8'));
  } catch {
    return null;
  }
}

export async function listGroups(ctx: AppContext, q: AdminQueryOf<'adminErrorGroups'>): Promise<AdminAnswerOf<'adminErrorGroups'>> {
  const [releases, rows, served] = await Promise.all([
    repo.releases(ctx.db.kysely, 50),
    repo.groups(ctx.db.kysely, { release: q.release || undefined, limit: q.limit }),
    servedRelease(ctx),
  ]);
  return {
    served_release: served,
    releases: releases.map((r) => ({ ...r, served: r.release === served })),
    items: rows.map((r) => {
      const kind = (r.kind in KIND_LABEL ? r.kind : 'error') as ErrorReportKind;
      return {
        id: r.id,
        kind,
        kind_label: KIND_LABEL[kind],
        message: r.message,
        release: r.release,
        count: r.count,
        first_seen_at: r.first_seen_at,
        last_seen_at: r.last_seen_at,
        routes: r.routes ? r.routes.split('\n') : [],
        sample_user_agent: r.sample_user_agent,
      };
    }),
  };
}

/**
 * The retention cap (a scheduled job): groups not seen for KEEP_DAYS go, and past MAX_GROUPS each
 * source keeps its share (keptBySourceShare) — not simply the most recently seen, which a flood
 * from one address always is.
 */
export async function pruneGroups(ctx: AppContext, keep = MAX_GROUPS): Promise<number> {
  const db = ctx.db.kysely;
  const before = new Date(clock.now().getTime() - KEEP_DAYS * 86_400_000).toISOString();
  let n = await repo.pruneOlderThan(db, before);
  const rows = await repo.groupSources(db);
  if (rows.length <= keep) return n;
  const kept = keptBySourceShare(rows, keep);
  n += await repo.deleteGroups(
    db,
    rows.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
  return n;
}
