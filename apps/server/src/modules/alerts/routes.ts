import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { alertsJob } from './job';
import { alertSetting, cardNotices, dismissCardNotice, saveAlertSetting } from './service';

export async function alertsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'alertSetting', async (req) => alertSetting(ctx, authOf(req), req.query.custom_num));
  serve(api, 'alertSettingSave', async (req) => saveAlertSetting(ctx, authOf(req), req.body));
  serve(api, 'cardNotices', async (req) => cardNotices(ctx, authOf(req), req.query.custom_num));
  serve(api, 'cardNoticeDismiss', async (req) => dismissCardNotice(ctx, authOf(req), req.body.custom_num, req.body.id));
  // interval 0: only when asked (tests, the simulator's controls: api.jobs.runNow('alerts'))
  api.jobs.add(alertsJob(ctx, Math.max(0, ctx.config.alertsIntervalMs)));
}
