// Alibaba Cloud SMS through the server (docs/decisions/0021): with SMS_PROVIDER=aliyun a login code
// goes out as a signed SendSms request through the code template (nothing in the simulator's
// outbox), and a provider refusal answers a clear message instead of a bare 500.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import type { HttpRequest, HttpResponse } from '../src/integrations/http/transport';
import { canonicalQuery, percentEncode } from '../src/integrations/sms/aliyun/sign';
import { clock } from '../src/lib/clock';
import { createPgDatabase, databases } from './harness';

describe.each(databases())('Alibaba Cloud SMS on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let drop: (() => Promise<void>) | null = null;
  const seen: HttpRequest[] = [];
  let answer: HttpResponse = { status: 200, headers: {}, body: '{"Code":"OK","Message":"OK","BizId":"1^0","RequestId":"R"}' };

  beforeAll(async () => {
    clock.reset();
    let url = ':memory:';
    if (kind === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    }
    db = await connect(url);
    await migrate(db);
    await seedDemo(db);
    const config: Config = {
      ...loadConfig({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestKeyId',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyun-test-secret',
        ALIYUN_SMS_SIGN_NAME: '流量卡服务',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100000001',
        ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_100000002',
      }),
      databaseUrl: url,
      webDist: null,
      logLevel: 'silent',
    };
    const transport = async (req: HttpRequest): Promise<HttpResponse> => {
      seen.push(req);
      return answer;
    };
    app = await buildApp({ db, config, logger: false, transport });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (drop) await drop();
  });

  const ask = (mobile: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/v1/sms/code', payload: { mobile, purpose: 'login' }, remoteAddress: ip });

  it('a login code goes out as a signed SendSms through the code template, not to the outbox', async () => {
    const res = await ask('13900139000', '203.0.113.20');
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    const p = Object.fromEntries(new URLSearchParams(seen.at(-1)!.body!));
    expect(p).toMatchObject({ Action: 'SendSms', PhoneNumbers: '13900139000', SignName: '流量卡服务', TemplateCode: 'SMS_100000001' });
    expect(JSON.parse(p.TemplateParam!).code).toMatch(/^\d{6}$/);
    const { Signature, ...signed } = p;
    expect(Signature).toBe(
      createHmac('sha1', 'aliyun-test-secret&')
        .update(`POST&%2F&${percentEncode(canonicalQuery(signed))}`)
        .digest('base64'),
    );
    const outbox = await db.kysely.selectFrom('sim_sms_outbox').select('id').where('mobile', '=', '13900139000').execute();
    expect(outbox).toHaveLength(0);
  });

  it('a provider refusal answers 短信发送失败，请稍后重试', async () => {
    answer = { status: 200, headers: {}, body: '{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"触发分钟级流控"}' };
    const res = await ask('13900139001', '203.0.113.21');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 50000, message: '短信发送失败，请稍后重试' });
  });
});
