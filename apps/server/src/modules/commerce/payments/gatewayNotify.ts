// The real gateways' notification routes (docs/decisions/0021). Each gateway signs the exact bytes
// it sends, so these routes read the body raw (their own scope: the JSON parser of the rest of the
// API never sees it) and hand headers + body to the gateway adapter through the same
// notificationFrom as the sandbox's route: one verification, one settling transaction, one
// throttle on refusals. Each answers what its gateway expects, or the gateway keeps resending.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { serve } from '../../../lib/endpoint';
import { notificationFrom } from './service';

/** Gateways' notifications are small; a larger body is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

function failure(err: unknown): { status: number; message: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  return { status: 500, message: '系统繁忙' };
}

export async function gatewayNotifyRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    const raw = (headers: Record<string, string | string[] | undefined>, body: unknown) => ({
      kind: 'raw' as const,
      headers,
      body: typeof body === 'string' ? body : '',
    });

    // WeChat Pay: success is 200/204 with no body; a failure is 4xx/5xx with {"code":"FAIL","message"}.
    serve(scope, 'payNotifyWechat', async (req, reply): Promise<FastifyReply> => {
      try {
        await notificationFrom(ctx, req.ip, 1, raw(req.headers, req.body));
        return reply.status(204).send();
      } catch (err) {
        const f = failure(err);
        if (f.status >= 500) req.log.error({ err }, 'wechat pay notification failed');
        return reply.status(f.status < 400 ? 400 : f.status).send({ code: 'FAIL', message: f.message });
      }
    });

    // Alipay: the answer is the plain text `success`; anything else makes Alipay resend.
    serve(scope, 'payNotifyAlipay', async (req, reply): Promise<FastifyReply> => {
      const text = (s: string) => reply.type('text/plain; charset=utf-8').send(s);
      // a "waiting for payment" notice settles nothing (sent only when the merchant asks for it)
      if (new URLSearchParams(typeof req.body === 'string' ? req.body : '').get('trade_status') === 'WAIT_BUYER_PAY')
        return text('success');
      try {
        await notificationFrom(ctx, req.ip, req.params.channel, raw(req.headers, req.body));
        return text('success');
      } catch (err) {
        const f = failure(err);
        if (f.status >= 500) req.log.error({ err }, 'alipay notification failed');
        return reply.status(f.status).type('text/plain; charset=utf-8').send('fail');
      }
    });
  });
}
