// The real gateways' notification routes (docs/decisions/0021). Each gateway signs the exact bytes
// it sends, so these routes read the body raw (their own scope: the JSON parser of the rest of the
// API never sees it) and hand headers + body to the gateway adapter through the same
// notificationFrom as the sandbox's route: one verification, one settling transaction, one
// throttle on refusals. Each answers what its gateway expects, or the gateway keeps resending.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { serve } from '../../../lib/endpoint';
import { PaymentGatewayError } from '../../../integrations/payment/gateway';
import { BRIDGE_JS } from '../../../integrations/payment/wechatpay/jsapi';
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

/** WeChat Pay's JSAPI checkout inside the messaging app (integrations/payment/wechatpay/jsapi.ts). */
export function jsapiCheckoutRoutes(api: FastifyInstance, ctx: AppContext): void {
  serve(api, 'payWechatJsapi', async (req, reply): Promise<FastifyReply> => {
    const g = ctx.payments;
    const page = (status: number, text: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付</title></head><body style="font-family:sans-serif;text-align:center;padding:40px 16px">${text}</body></html>`,
        );
    if (!g?.hostedCheckout) return page(404, '该支付方式不可用');
    try {
      const out = await g.hostedCheckout({ t: req.query.t, code: req.query.code });
      if (out.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(out.url, 302);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(out.html);
    } catch (err) {
      // the message is ours (PaymentGatewayError) and names no secret
      req.log.warn({ error: (err as Error).message }, 'jsapi checkout failed');
      const known = err instanceof PaymentGatewayError;
      return page(known && !err.retryable ? 400 : 503, known ? esc(err.message) : '支付暂时不可用，请稍后重试');
    }
  });
  serve(
    api,
    'payWechatBridge',
    async (_req, reply): Promise<FastifyReply> =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(BRIDGE_JS),
  );
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
