import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { gatewayNotifyRoutes, jsapiCheckoutRoutes } from './gatewayNotify';
import { reconcilerJob } from './reconciler';
import { handleNotification, notificationFrom } from './service';

export async function paymentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Gateways call this without a login; the signature is the authentication.
  serve(api, 'payNotify', async (req) => notificationFrom(ctx, req.ip, req.params.channel, req.body));
  // WeChat Pay's and Alipay's own notification formats, raw bodies in their own scope
  await gatewayNotifyRoutes(api, ctx);
  jsapiCheckoutRoutes(api, ctx);

  // The sandbox delivers its notifications in-process, through the same handler.
  ctx.payments?.setNotificationSink?.((channel, body) => handleNotification(ctx, channel, body));

  if (ctx.config.payReconcileIntervalMs > 0) api.jobs.add(reconcilerJob(ctx, ctx.config.payReconcileIntervalMs));
  api.addHook('onClose', async () => {
    ctx.payments?.stop?.();
  });
}
