import type { FastifyInstance } from 'fastify';
import { pathPatternOf } from '@portal/contract/route';
import { errorReports } from '@portal/contract/routes/errorReports';
import type { AppContext } from '../../context';
import { countErrorReports } from '../../lib/metrics';
import { serve } from '../../lib/endpoint';
import { admitReporter, listGroups, pruneGroups, receiveReports } from './service';

export const ERROR_REPORTS_PRUNE_JOB = 'errorReports.prune';
/** a batch is at most 20 short reports: a few kB; anything bigger is not the H5's */
export const ERROR_REPORTS_BODY_LIMIT = 16 * 1024;

export async function errorReportsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // open (a phone reports before any login), rate-limited per client address before anything is written
  await api.register(async (scope) => {
    // navigator.sendBeacon sends a string as text/plain (a JSON blob is not CORS-safelisted, which some
    // browsers refuse even on the same origin): here only, text/plain is read as JSON
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
    serve(scope, 'errorReports', async (req) => receiveReports(ctx, req.body, String(req.headers['user-agent'] ?? ''), req.ip), {
      preHandler: async (req) => admitReporter(ctx, req.ip),
      bodyLimit: ERROR_REPORTS_BODY_LIMIT,
    });
  });
  // refused before the handler (validation, size): counted here, where the answer is known
  const url = api.prefix + pathPatternOf(errorReports);
  api.addHook('onResponse', (req, reply, done) => {
    if (req.routeOptions.url === url) {
      if (reply.statusCode === 400) countErrorReports('', 'invalid');
      else if (reply.statusCode === 413) countErrorReports('', 'too_large');
    }
    done();
  });
  serve(api, 'adminErrorGroups', async (req) => listGroups(ctx, req.query));
  api.jobs.add({ name: ERROR_REPORTS_PRUNE_JOB, intervalMs: Math.max(0, ctx.config.cleanupIntervalMs), run: () => pruneGroups(ctx) });
}
