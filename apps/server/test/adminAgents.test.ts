// The console's agents and branding (docs/decisions/0018): the list and detail in scope, branding, feature
// switches and payment setting saved with an audit row, unsafe URLs and non-images refused with
// nothing written, and the portal's branding reader showing what was saved.
import { describe, expect, it } from 'vitest';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { multipart, PNG } from './uploadHelpers';

async function agentIds(t: TestApp) {
  const rows = await t.db.kysely.selectFrom('agents').select(['id', 'mark']).execute();
  return Object.fromEntries(rows.map((r) => [r.mark, r.id])) as Record<'demo' | 'acme', number>;
}

async function auditOf(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
}

describe.each(databases())('admin agents on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists every agent for the platform, only their own for an agent administrator', async () => {
    const ids = await agentIds(t);
    const admin = await loginAs(t, 'admin');
    const all = (await adminGet(t, '/api/admin/agents', admin)).json().data.items;
    expect(all.map((a: { mark: string }) => a.mark).sort()).toEqual(['acme', 'demo']);
    expect(all.find((a: { mark: string }) => a.mark === 'demo').card_count).toBeGreaterThan(0);

    const agent = await loginAs(t, 'agent');
    const own = (await adminGet(t, '/api/admin/agents', agent)).json().data.items;
    expect(own.map((a: { mark: string }) => a.mark)).toEqual(['demo']);
    const other = await adminGet(t, `/api/admin/agents/detail?id=${ids.acme}`, agent);
    expect(other.statusCode).toBe(404);
    const mine = await adminGet(t, `/api/admin/agents/detail?id=${ids.demo}`, agent);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.can_edit_pay).toBe(false);
    expect(mine.json().data.preview_path).toBe('/login?mark=demo');
  });

  it('saves branding with before/after in the audit log, and the portal shows it', async () => {
    const ids = await agentIds(t);
    const cookie = await loginAs(t, 'agent');
    const d = (await adminGet(t, `/api/admin/agents/detail?id=${ids.demo}`, cookie)).json().data;
    const branding = { ...d.branding, apply_name: '新品牌标题', customer_url: 'https://kf.example.com/chat' };
    const res = await adminPost(t, '/api/admin/agents/branding', { id: ids.demo, branding, reason: '更换品牌' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.branding.apply_name).toBe('新品牌标题');

    const portal = await t.get('/api/v1/application/customer_url?mark=demo');
    expect(portal.json().data.apply_name).toBe('新品牌标题');
    expect(portal.json().data.customer_url).toBe('https://kf.example.com/chat');

    const [audit] = await auditOf(t, 'agent.branding_changed');
    expect(audit!.reason).toBe('更换品牌');
    expect(JSON.parse(audit!.before).apply_name).toBe(d.branding.apply_name);
    expect(JSON.parse(audit!.after).apply_name).toBe('新品牌标题');
    expect(audit!.operator_username).toBe('agent');
  });

  it.each([
    ['customer_url', 'javascript:alert(1)'],
    ['logo', 'data:image/png;base64,AAAA'],
    ['app_url', '//evil.example.com/x'],
    ['ios_url', 'javascript:alert(1)'],
    ['guide_qrcode', 'vbscript:msgbox'],
    // docs/decisions/0028: a backslash reads as "/" and a tab is dropped by browsers — both leave the site
    ['customer_url', '/\\evil.example/chat'],
    ['h5_url', '/\t/evil.example'],
    ['logo', '/\n/evil.example/logo.png'],
  ])('refuses an unsafe %s (%j): 400, nothing written', async (field, value) => {
    const ids = await agentIds(t);
    const cookie = await loginAs(t, 'admin');
    const d = (await adminGet(t, `/api/admin/agents/detail?id=${ids.demo}`, cookie)).json().data;
    const before = await t.snapshot();
    const audits = (await auditOf(t, 'agent.branding_changed')).length;
    const res = await adminPost(
      t,
      '/api/admin/agents/branding',
      { id: ids.demo, branding: { ...d.branding, [field]: value }, reason: '测试' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('http');
    expect(await t.snapshot()).toEqual(before);
    expect((await auditOf(t, 'agent.branding_changed')).length).toBe(audits);
    const after = (await adminGet(t, `/api/admin/agents/detail?id=${ids.demo}`, cookie)).json().data;
    expect(after.branding[field]).toBe(d.branding[field]);
  });

  it("refuses an agent administrator's change to another agent's branding as not found", async () => {
    const ids = await agentIds(t);
    const admin = await loginAs(t, 'admin');
    const d = (await adminGet(t, `/api/admin/agents/detail?id=${ids.acme}`, admin)).json().data;
    const agent = await loginAs(t, 'agent');
    const res = await adminPost(
      t,
      '/api/admin/agents/branding',
      { id: ids.acme, branding: { ...d.branding, apply_name: '劫持' }, reason: '测试一下' },
      agent,
    );
    expect(res.statusCode).toBe(404);
    const portal = await t.get('/api/v1/application/customer_url?mark=acme');
    expect(portal.json().data.apply_name).toBe(d.branding.apply_name);
  });

  it('switches features and the payment setting; the pay setting is the platform’s', async () => {
    const ids = await agentIds(t);
    const admin = await loginAs(t, 'admin');
    const d = (await adminGet(t, `/api/admin/agents/detail?id=${ids.acme}`, admin)).json().data;
    const f = await adminPost(
      t,
      '/api/admin/agents/features',
      { id: ids.acme, features: { ...d.features, card_login: false }, reason: '关闭卡号登录' },
      admin,
    );
    expect(f.statusCode, f.body).toBe(200);
    expect((await t.get('/api/v1/application/customer_url?mark=acme')).json().data.card_login).toBe(false);

    const pay = { ...d.pay, wechat_pay: true, wechat_pay_type: 4 };
    const p = await adminPost(t, '/api/admin/agents/pay', { id: ids.acme, pay, reason: '开通微信支付' }, admin);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().data.pay.wechat_pay).toBe(true);
    const [audit] = await auditOf(t, 'agent.pay_changed');
    expect(JSON.parse(audit!.before).wechat_pay).toBe(d.pay.wechat_pay);
    expect(JSON.parse(audit!.after).wechat_pay).toBe(true);

    const agent = await loginAs(t, 'agent');
    const refused = await adminPost(t, '/api/admin/agents/pay', { id: ids.demo, pay, reason: '开通微信支付' }, agent);
    expect(refused.statusCode).toBe(403);

    const neg = await adminPost(
      t,
      '/api/admin/agents/pay',
      { id: ids.acme, pay: { ...pay, ant_credit_min_money_fen: -1 }, reason: '测试负数' },
      admin,
    );
    expect(neg.statusCode).toBe(400);
  });

  it('creates an agent (platform only), refuses a taken mark', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(t, '/api/admin/agents/create', { mark: 'newco', nickname: '新代理', reason: '签约新代理' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mark).toBe('newco');
    expect((await t.get('/api/v1/application/customer_url?mark=newco')).json().data.apply_name).toBe('新代理');
    const again = await adminPost(t, '/api/admin/agents/create', { mark: 'newco', nickname: '重复', reason: '签约新代理' }, admin);
    expect(again.statusCode).toBe(400);
    const bad = await adminPost(t, '/api/admin/agents/create', { mark: 'Bad Mark!', nickname: 'x', reason: '签约新代理' }, admin);
    expect(bad.statusCode).toBe(400);
    expect((await auditOf(t, 'agent.created')).length).toBe(1);
  });

  it('uploads a logo checked by its content; the portal can load it without a login', async () => {
    const ids = await agentIds(t);
    const cookie = await loginAs(t, 'agent');
    const before = await t.snapshot();
    const fake = multipart([{ content: Buffer.from('<script>alert(1)</script>'), filename: 'logo.png', type: 'image/png' }]);
    const refused = await t.inject({
      method: 'POST',
      url: `/api/admin/agents/${ids.demo}/image`,
      payload: fake.payload,
      headers: { ...fake.headers, cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(before);

    const other = multipart([{ content: PNG }]);
    const scope = await t.inject({
      method: 'POST',
      url: `/api/admin/agents/${ids.acme}/image`,
      payload: other.payload,
      headers: { ...other.headers, cookie },
    });
    expect(scope.statusCode).toBe(404);

    const ok = multipart([{ content: PNG }]);
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/agents/${ids.demo}/image`,
      payload: ok.payload,
      headers: { ...ok.headers, cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/api\/admin\/public\/branding-image\//);
    const img = await t.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
  });
});
