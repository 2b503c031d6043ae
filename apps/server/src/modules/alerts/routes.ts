import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { alertsJob } from './job';
import { alertSetting, cardNotices, dismissCardNotice, saveAlertSetting, wechatMpBindUrl, wechatMpBound } from './service';

export async function alertsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'alertSetting', async (req) => alertSetting(ctx, authOf(req), req.query.custom_num));
  serve(api, 'alertSettingSave', async (req) => saveAlertSetting(ctx, authOf(req), req.body));
  serve(api, 'alertWechatMpBind', async (req) => wechatMpBindUrl(ctx, authOf(req), req.body.custom_num));
  // the messaging app's login comes back here; the holder goes on to the settings page, which says
  // how it went (a path of our own: never a URL taken from the request)
  serve(api, 'alertWechatMpBound', async (req, reply): Promise<FastifyReply> => {
    const outcome = await wechatMpBound(ctx, req.query.code, req.query.state);
    return reply.header('cache-control', 'no-store').redirect(`/alert_setting?wechat_mp=${outcome}`, 302);
  });
  serve(api, 'cardNotices', async (req) => cardNotices(ctx, authOf(req), req.query.custom_num));
  serve(api, 'cardNoticeDismiss', async (req) => dismissCardNotice(ctx, authOf(req), req.body.custom_num, req.body.id));
  // interval 0: only when asked (tests, the simulator's controls: api.jobs.runNow('alerts'))
  api.jobs.add(alertsJob(ctx, Math.max(0, ctx.config.alertsIntervalMs)));
}
