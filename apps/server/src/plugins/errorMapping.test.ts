import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { CarrierError } from '../integrations/carrier/adapter';
import { answerInEnvelope, type EnvelopeAnswer } from '../lib/errors';
import { errorMapping } from './errorMapping';

async function answerTo(err: Error) {
  const app = Fastify({ logger: false });
  errorMapping(app);
  app.get('/x', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: null } };
}

describe('errorMapping: an error that says how it is answered', () => {
  it('a carrier platform down or over its limit is 503 with a message the holder can act on', async () => {
    for (const kind of ['unavailable', 'rate', 'auth', 'malformed'] as const)
      expect(await answerTo(new CarrierError(kind, 'down'))).toEqual({
        status: 503,
        body: { code: Code.INTERNAL, message: '运营商平台暂时无法连接，请稍后再试', data: null },
      });
  });

  it('a line the platform cannot serve is 409', async () => {
    for (const kind of ['line', 'unsupported'] as const)
      expect(await answerTo(new CarrierError(kind, 'no'))).toEqual({
        status: 409,
        body: { code: Code.BAD_REQUEST, message: '运营商暂不支持对这张卡办理此项业务，请联系客服', data: null },
      });
  });

  it('any error carrying answerInEnvelope is answered by it, without the handler knowing its class', async () => {
    class Elsewhere extends Error {
      [answerInEnvelope](): EnvelopeAnswer {
        return { status: 502, code: Code.INTERNAL, message: '稍后再试', log: { message: 'elsewhere', fields: {} } };
      }
    }
    expect(await answerTo(new Elsewhere('x'))).toEqual({ status: 502, body: { code: Code.INTERNAL, message: '稍后再试', data: null } });
  });

  it('a plain error stays a 500 that leaks nothing', async () => {
    const { status, body } = await answerTo(new Error('secret detail'));
    expect(status).toBe(500);
    expect(body.message).not.toContain('secret');
  });
});
