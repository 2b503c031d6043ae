// Phones' error reports (docs/decisions/0037-errors-from-phones.md): a batch counted into its groups
// after every text is scrubbed again here — a report is the phone's word, and an old or tampered
// client may send a card number — and forwarded to Sentry when SENTRY_DSN is set.
import { createHash } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { BodyOf } from '@portal/contract/endpoints';
import type { AdminQueryOf, AdminAnswerOf } from '@portal/contract/admin';
import { apiFailureMessage, groupTextOf, scrubRoute, scrubText, type ErrorReportKind } from '@portal/domain/errorReport';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { countErrorReports } from '../../lib/metrics';
import { hit } from '../../lib/throttle';
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

export async function receiveReports(ctx: AppContext, batch: Batch, userAgent: string): Promise<{ accepted: number }> {
  const at = clock.now();
  const ua = scrubText(userAgent).slice(0, 200);
  const reports = batch.reports.map((r) => scrubReport(r, batch.release, ua));
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

export async function listGroups(ctx: AppContext, q: AdminQueryOf<'adminErrorGroups'>): Promise<AdminAnswerOf<'adminErrorGroups'>> {
  const [releases, rows] = await Promise.all([
    repo.releases(ctx.db.kysely, 50),
    repo.groups(ctx.db.kysely, { release: q.release || undefined, limit: q.limit }),
  ]);
  return {
    releases,
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

/** The retention cap (a scheduled job): KEEP_DAYS, MAX_GROUPS. */
export async function pruneGroups(ctx: AppContext, keep = MAX_GROUPS): Promise<number> {
  const before = new Date(clock.now().getTime() - KEEP_DAYS * 86_400_000).toISOString();
  return repo.prune(ctx.db.kysely, before, keep);
}
