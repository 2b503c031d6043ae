// What the server logs about a request: one line when it succeeds, through a logger without
// redaction (app.ts OneLinePerRequest; docs/decisions/0022), and a request-bound child made only
// when something logs through req.log (lib/lazyChildLogger) — which must still redact.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, REDACT } from '../src/app';
import { REQUEST_ID_HEADER } from '../src/lib/requestId';
import { cookieOf, passwordOf } from './adminHelpers';
import { databases, useTestApp } from './harness';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe.each(databases())('request log on %s', (kind) => {
  const t = useTestApp(kind);

  it('one line per answered request, with its request id, method, address, status and time', async () => {
    const { lines, stream } = capture();
    const app = await buildApp({ db: t.db, config: t.config, logger: { level: 'info', redact: REDACT, stream } });
    try {
      const token = await t.loginAccount();
      const res = await app.inject({
        method: 'GET',
        url: '/api/v2/card/info?custom_num=1000000001',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const request = lines.filter((l) => l.msg === 'request');
      expect(request).toHaveLength(1);
      expect(request[0]).toMatchObject({
        reqId: res.headers[REQUEST_ID_HEADER],
        method: 'GET',
        route: '/api/v2/card/info',
        url: '/api/v2/card/info?custom_num=***',
        statusCode: 200,
      });
      expect(typeof request[0]!.responseTime).toBe('number');
      expect(lines.filter((l) => l.msg !== 'request' && l.reqId === res.headers[REQUEST_ID_HEADER])).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('console searches by mobile, card number and ID write none of them to the log (docs/decisions/0028)', async () => {
    const { lines, stream } = capture();
    const app = await buildApp({ db: t.db, config: t.config, logger: { level: 'info', redact: REDACT, stream } });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: passwordOf('admin') },
      });
      const cookie = cookieOf(login);
      const searches = [
        '/api/admin/cards?mobile=13800138000',
        '/api/admin/cards?number=1000000001',
        '/api/admin/orders?mobile=13800138000&limit=20',
        '/api/v1/card/bind_check?custom_num=89860119000000000020',
        '/qr_code_login/check?custom_num=1000000020&token=DemoBox-1000000020-bind-token-01',
      ];
      for (const url of searches) await app.inject({ method: 'GET', url, headers: { cookie } });
      const all = lines.map((l) => JSON.stringify(l)).join('\n');
      for (const secret of ['13800138000', '1000000001', '89860119000000000020', 'DemoBox-1000000020']) expect(all).not.toContain(secret);
      const cards = lines.find((l) => l.msg === 'request' && l.route === '/api/admin/cards');
      expect(cards).toMatchObject({ url: '/api/admin/cards?mobile=***', statusCode: 200 });
    } finally {
      await app.close();
    }
  });

  it('a route logging through req.log gets a child bound to the request, and redaction holds', async () => {
    const { lines, stream } = capture();
    const app = await buildApp({ db: t.db, config: t.config, logger: { level: 'info', redact: REDACT, stream } });
    app.get('/probe-log', async (req) => {
      req.log.warn({ body: { password: 'hunter22', mobile: '13500135000', note: 'kept' } }, 'probe');
      const child = req.log.child({ step: 'inner' });
      child.info({ apply: { receiver_name: '赵六' } }, 'inner probe');
      return { level: req.log.level };
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/probe-log' });
      expect(res.json()).toEqual({ level: 'info' });
      const id = res.headers[REQUEST_ID_HEADER];
      const probe = lines.find((l) => l.msg === 'probe');
      expect(probe).toMatchObject({ reqId: id, level: 40, body: { note: 'kept' } });
      const inner = lines.find((l) => l.msg === 'inner probe');
      expect(inner).toMatchObject({ reqId: id, step: 'inner' });
      const all = JSON.stringify(lines);
      for (const secret of ['hunter22', '13500135000', '赵六']) expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
