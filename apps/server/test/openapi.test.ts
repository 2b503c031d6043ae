// The OpenAPI document is generated from the endpoint declarations in @portal/contract: every
// endpoint, the portal's and the console's, is in it as declared, with the Bearer scheme where a
// holder's login is needed and the cookie scheme where an operator's is, the error answers, and the
// upload's multipart body.
import { describe, expect, it } from 'vitest';
import { REGISTRY, type EndpointName } from '@portal/contract/endpoints';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/lib/password';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp } from './harness';

type Operation = {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
};

/** /v1/upload/:id in the declarations is /api/v1/upload/{id} in the document. */
const docPath = (path: string) => '/api' + path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe.each(databases())('OpenAPI document on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists every declared endpoint with its method, summary, login and answers', async () => {
    const doc = (await t.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, Record<string, string>> };
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'op_session' });
    const names = Object.keys(REGISTRY) as EndpointName[];
    expect(names.filter((n) => REGISTRY[n].path.startsWith('/admin/')).length).toBeGreaterThan(100);
    for (const name of names) {
      const e = REGISTRY[name];
      const op = doc.paths[docPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.summary).toBe(e.summary);
      // every operation is open or names the scheme of its login
      if (e.access === 'open') expect(op!.security, name).toBeUndefined();
      else expect(op!.security, name).toEqual([e.access === 'holder' ? { bearerAuth: [] } : { cookieAuth: [] }]);
      if (e.access !== 'open' && 'answer' in e) expect(Object.keys(op!.responses), name).toContain('401');
      if ('answer' in e) expect(Object.keys(op!.responses), name).toEqual(expect.arrayContaining(['200', '400', '500']));
    }
    // every upload, the holder's photos and the console's logos alike, documents its multipart body
    const uploads = names.filter((n) => 'upload' in REGISTRY[n]);
    expect(uploads).toEqual(expect.arrayContaining(['upload', 'adminBrandingImageUpload']));
    for (const name of uploads) {
      const e = REGISTRY[name];
      const op = doc.paths[docPath(e.path)]![e.method.toLowerCase()]!;
      expect(op.requestBody!.content['multipart/form-data']!.schema.properties!.file!.format, name).toBe('binary');
    }
  });
});

// docs/decisions/0028: the documents describe every endpoint of the portal and the console — in production they
// are served to a logged-in operator only
// the production configuration, but the test's own database and no built web files
const {
  databaseUrl: _url,
  webDist: _web,
  ...PRODUCTION
} = loadConfig({
  NODE_ENV: 'production',
  PERSONAL_DATA_KEY: 'p'.repeat(64),
  PAY_SANDBOX_SECRET: 's'.repeat(64),
  ALLOW_SIMULATORS: 'carrier,devices,payments,sms',
  SEED_DEMO: '0',
  // production's load shedding judges this process's event loop, which a whole run's other steps
  // slow down (a busy run answered 503 here); its own test is overload.test
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_TURN_BUDGET_MS: '0',
});

describe.each(databases())('API documents in production on %s', (kind) => {
  const t = useTestApp(kind, { ...PRODUCTION, logLevel: 'silent' });

  it('answers 401 without an operator session, and the documents to an operator', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('openapi');
    }

    const hash = await hashPassword('Docs#Reader2026', TEST_PASSWORD_HASH_COST);
    await t.db.kysely
      .insertInto('operators')
      .values({
        username: 'docsreader',
        display_name: '文档',
        role: 'support',
        agent_id: null,
        password_hash: hash,
        disabled: 0,
        failed_logins: 0,
        locked_until: null,
        totp_secret: '',
        totp_enabled: 0,
        totp_last_step: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const login = await t.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'docsreader', password: 'Docs#Reader2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const doc = await t.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
  });
});
