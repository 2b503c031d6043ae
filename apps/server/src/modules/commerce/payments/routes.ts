import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, PayNotifyAnswer } from '@portal/contract';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/envelope';
import { startReconciler } from './reconciler';
import { handleNotification, notificationFrom } from './service';

const NotifyParams = z.object({
  channel: z.coerce.number({ error: '支付渠道有误' }).int('支付渠道有误').refine((c) => c === 1 || c === 2 || c === 4, '支付渠道有误'),
});

export async function paymentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  // Gateways call this without a login; the signature is the authentication.
  r.post(
    '/v1/pay/notify/:channel',
    {
      schema: {
        tags: ['commerce'],
        summary: '支付网关异步通知（签名校验，重复通知只入账一次）',
        params: NotifyParams,
        body: z.record(z.string(), z.unknown(), { error: '通知内容有误' }),
        response: { 200: envelope(PayNotifyAnswer) },
      },
    },
    async (req) => ok(await notificationFrom(ctx, req.ip, req.params.channel, req.body)),
  );

  // The sandbox delivers its notifications in-process, through the same handler.
  ctx.payments?.setNotificationSink?.((channel, body) => handleNotification(ctx, channel, body));

  const stop = ctx.config.payReconcileIntervalMs > 0 ? startReconciler(ctx, ctx.config.payReconcileIntervalMs) : () => {};
  api.addHook('onClose', async () => {
    stop();
    const g = ctx.payments as { stop?: () => void } | undefined;
    g?.stop?.();
  });
}
