// The console's queues (docs/decisions/0018): tickets answered through the tickets module (the card holder
// sees the reply on /suggest), agent applications decided through the agent applications module
// (the applicant sees it on /agent). Roles, agent scope, bad input → 4xx and nothing written, and
// an audit row for every change. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { personalData } from '../src/lib/personalData';
import { savePersonalInfo } from '../src/modules/realName/repo';
import { loginAs } from './adminHelpers';
import { applicationThrough } from './agentApplicationHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { paidDeviceOrder } from './shopOrderHelpers';

const SEEDED = 'T26110100000001';

async function ticketId(t: TestApp, ticketNo = SEEDED): Promise<number> {
  return (await t.db.kysely.selectFrom('tickets').select('id').where('ticket_no', '=', ticketNo).executeTakeFirstOrThrow()).id;
}

/** An application through the agent of `mark`. */
async function application(t: TestApp, mark: 'demo' | 'acme'): Promise<{ id: number; key: string }> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow();
  return applicationThrough(t, agent.id);
}

describe.each(databases())('console queues on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown, cookie: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });

  it('support lists tickets oldest first, opens one, replies; the card holder sees the reply on /suggest; audited', async () => {
    const support = await loginAs(t, 'support');
    const list = await get('/api/admin/tickets?limit=1', support);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({ ticket_no: SEEDED, custom_num: '1000000001' });
    const id = await ticketId(t);
    const detail = (await get(`/api/admin/tickets/detail?id=${id}`, support)).json().data;
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual(['submitted', 'in_progress', 'replied']);

    const reply = await post('/api/admin/tickets/reply', { id, status: 'replied', content: '已为您补发流量，请重启设备后查看' }, support);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.events.at(-1)).toMatchObject({
      status: 'replied',
      content: '已为您补发流量，请重启设备后查看',
      author: '客服专员',
    });

    const token = await t.loginAccount();
    const mine = (await t.get(`/api/v2/complaints_suggestions/detail?ticket_no=${SEEDED}`, token)).json().data;
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'replied', content: '已为您补发流量，请重启设备后查看' });

    const closed = await post('/api/admin/tickets/reply', { id, status: 'closed', content: '' }, support);
    expect(closed.json().data.ticket.status).toBe('closed');
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'ticket.reply').orderBy('id').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ operator_username: 'support', target_type: 'ticket', target_id: SEEDED });
    expect(JSON.parse(audit[1]!.after)).toMatchObject({ status: 'closed' });
  });

  it('refuses bad replies with a Chinese message and writes nothing', async () => {
    const admin = await loginAs(t, 'admin');
    const id = await ticketId(t);
    const before = await t.snapshot();
    for (const body of [
      { id, status: 'nope' },
      { id, status: 'replied', content: '' },
      { id: 'x', status: 'replied', content: '好' },
      { id, status: 'replied', content: '长'.repeat(1001) },
    ]) {
      const res = await post('/api/admin/tickets/reply', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post('/api/admin/tickets/reply', { id: 999999, status: 'replied', content: '好的' }, admin)).statusCode).toBe(404);
    expect(await t.snapshot()).toEqual(before);
  });

  it('finance cannot answer tickets; support decides no applications, an agent administrator only its own', async () => {
    const finance = await loginAs(t, 'finance');
    expect((await get('/api/admin/tickets', finance)).statusCode).toBe(403);
    expect((await post('/api/admin/tickets/reply', { id: 1, status: 'closed' }, finance)).statusCode).toBe(403);
    const support = await loginAs(t, 'support');
    expect((await get('/api/admin/agent-applications', support)).statusCode).toBe(403);
    const agent = await loginAs(t, 'agent');
    expect((await get('/api/admin/tickets', agent)).statusCode).toBe(403);
    // the agent administrator's queue: the applications through its own agent, never another's (docs/decisions/0076)
    const own = await application(t, 'demo');
    const other = await application(t, 'acme');
    const seen = await get('/api/admin/agent-applications', agent);
    expect(seen.statusCode, seen.body).toBe(200);
    const ids = seen.json().data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
  });

  it('approves an application (the applicant sees it on /agent) and rejects one only with a reason; audited', async () => {
    const a = await application(t, 'demo');
    const b = await application(t, 'acme');
    const admin = await loginAs(t, 'admin');
    const list = (await get('/api/admin/agent-applications?status=submitted', admin)).json().data.items.map((x: { id: number }) => x.id);
    expect(list).toEqual(expect.arrayContaining([a.id, b.id]));

    const ok = await post(
      '/api/admin/agent-applications/decide',
      { id: a.id, decision: 'approved', agent: { mark: `queue${kind}`, nickname: '王小明的店', share_bp: 7000 } },
      admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
    const seen = (await t.inject({ method: 'POST', url: '/api/v2/agent_applications/lookup', payload: { key: a.key } })).json().data;
    expect(seen.application).toMatchObject({ status: 'approved', status_label: '已通过' });
    // decided stays decided
    const again = await post('/api/admin/agent-applications/decide', { id: a.id, decision: 'rejected', reason: '改主意了' }, admin);
    expect(again.statusCode).toBe(400);

    const before = await t.snapshot();
    const noReason = await post('/api/admin/agent-applications/decide', { id: b.id, decision: 'rejected' }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/原因/);
    expect(await t.snapshot()).toEqual(before);
    const rejected = await post(
      '/api/admin/agent-applications/decide',
      { id: b.id, decision: 'rejected', reason: '所在地区已有代理' },
      admin,
    );
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: '所在地区已有代理' });
    const seenB = (await t.inject({ method: 'POST', url: '/api/v2/agent_applications/lookup', payload: { key: b.key } })).json().data;
    expect(seenB.application).toMatchObject({ status: 'rejected', reject_reason: '所在地区已有代理' });

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'agent_application')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['agent_application.approved', 'agent_application.rejected']);
    expect(audit[1]).toMatchObject({ reason: '所在地区已有代理' });
  });
});

describe.each(databases())('console replacements and real-name records on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown, cookie: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
  const pd = () => personalData(t.config);

  async function replacement(customNum: string): Promise<number> {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
    const r = await t.db.kysely
      .insertInto('change_card_applications')
      .values({
        card_id: card.id,
        status: 'submitted',
        receiver_name: pd().seal('张三'),
        receiver_mobile: pd().seal('13800138000'),
        province: pd().seal('浙江省'),
        city: pd().seal('杭州市'),
        address: pd().seal('西湖区文三路 1 号'),
        reason: '卡片损坏',
        new_custom_num: '',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  it('ships a replacement with carrier and tracking number, then completes it; audited; bad input writes nothing', async () => {
    const id = await replacement('1000000001');
    const agent = await loginAs(t, 'agent');
    const list = (await get('/api/admin/replacements?status=submitted', agent)).json().data.items;
    expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({
      custom_num: '1000000001',
      address: '浙江省 杭州市 西湖区文三路 1 号',
    });
    const before = await t.snapshot();
    for (const body of [
      { id, to: 'shipped', carrier: '顺丰速运' },
      { id, to: 'shipped', carrier: '', tracking_no: 'SF12345678' },
      { id, to: 'done' },
      { id, to: 'rejected', reason: '' },
    ]) {
      const res = await post('/api/admin/replacements/move', body, agent);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await t.snapshot()).toEqual(before);
    const shipped = await post(
      '/api/admin/replacements/move',
      { id, to: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' },
      agent,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ status: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expect((await post('/api/admin/replacements/move', { id, to: 'done' }, agent)).json().data.status).toBe('done');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'operator_username'])
      .where('target_type', '=', 'replacement')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'replacement.shipped', operator_username: 'agent' },
      { action: 'replacement.done', operator_username: 'agent' },
    ]);
  });

  it("never shows an agent administrator another agent's replacement", async () => {
    const id = await replacement('1000000014'); // an acme card
    const agent = await loginAs(t, 'agent');
    const ids = (await get('/api/admin/replacements?limit=200', agent)).json().data.items.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(id);
    const res = await post('/api/admin/replacements/move', { id, to: 'rejected', reason: '不在服务范围' }, agent);
    expect(res.statusCode).toBe(404);
    const admin = await loginAs(t, 'admin');
    expect((await get('/api/admin/replacements?limit=200', admin)).json().data.items.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('lists real-name records masked, without photos; only the platform administrator reveals them, with a reason, audited', async () => {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000002').executeTakeFirstOrThrow();
    await savePersonalInfo(
      t.db.kysely,
      pd(),
      card.id,
      { name: '张三', id_number: '110105194912310021', mobile: '13800138000', id_photo_front: null, id_photo_back: null },
      new Date().toISOString(),
    );
    const support = await loginAs(t, 'support');
    const list = await get('/api/admin/real-name?card=1000000002', support);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items).toEqual([
      expect.objectContaining({
        custom_num: '1000000002',
        name: '张*',
        id_number: '1101**********0021',
        mobile: '138****8000',
        has_photos: false,
      }),
    ]);
    expect(list.body).not.toContain('110105194912310021');
    expect((await post('/api/admin/real-name/reveal', { card_id: card.id, reason: '核实身份' }, support)).statusCode).toBe(403);

    const admin = await loginAs(t, 'admin');
    const before = await t.snapshot();
    expect((await post('/api/admin/real-name/reveal', { card_id: card.id }, admin)).statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(before);
    const shown = await post('/api/admin/real-name/reveal', { card_id: card.id, reason: '用户投诉核实身份' }, admin);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json().data).toEqual({ custom_num: '1000000002', name: '张三', id_number: '110105194912310021', mobile: '13800138000' });
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'realname.reveal').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'admin', target_id: '1000000002', reason: '用户投诉核实身份' });
    // the log says who looked, never what they saw
    expect(JSON.stringify(audit[0])).not.toContain('110105194912310021');

    // an agent administrator sees only their agent's records
    const acme = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000014').executeTakeFirstOrThrow();
    await savePersonalInfo(
      t.db.kysely,
      pd(),
      acme.id,
      { name: '李四', id_number: '11010519491231002X', mobile: '13900139000', id_photo_front: null, id_photo_back: null },
      new Date().toISOString(),
    );
    const agent = await loginAs(t, 'agent');
    const mine = (await get('/api/admin/real-name?limit=200', agent)).json().data.items.map((r: { custom_num: string }) => r.custom_num);
    expect(mine).toContain('1000000002');
    expect(mine).not.toContain('1000000014');
  });
});

describe.each(databases())('console shop orders on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown, cookie: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });

  it('ships a paid device order with carrier and tracking number through the shop; audited; counted on the dashboard', async () => {
    const orderNo = await paidDeviceOrder(t, '科技园路 1 号 A 座 101');
    const agent = await loginAs(t, 'agent');
    const queue = (await get('/api/admin/dashboard', agent)).json().data.queues.find((q: { key: string }) => q.key === 'shop_orders');
    expect(queue.count).toBeGreaterThanOrEqual(1);
    const list = (await get('/api/admin/shop-orders', agent)).json().data.items;
    expect(list.find((r: { order_no: string }) => r.order_no === orderNo)).toMatchObject({
      custom_num: '1000000001',
      ship_state: 'awaiting',
    });
    const before = await t.snapshot();
    expect(
      (await post('/api/admin/shop-orders/ship', { order_no: orderNo, carrier: '顺丰速运', tracking_no: '1' }, agent)).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/admin/shop-orders/ship', { order_no: orderNo, carrier: '', tracking_no: 'SF1234567890' }, agent)).statusCode,
    ).toBe(400);
    expect(await t.snapshot()).toEqual(before);
    const shipped = await post(
      '/api/admin/shop-orders/ship',
      { order_no: orderNo, carrier: '顺丰速运', tracking_no: 'SF1234567890' },
      agent,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ ship_state: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    // shipped once: a second submit is refused by the shop
    expect(
      (await post('/api/admin/shop-orders/ship', { order_no: orderNo, carrier: '顺丰速运', tracking_no: 'SF1234567890' }, agent))
        .statusCode,
    ).toBe(400);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'shop_order.shipped').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'agent', target_id: orderNo });
    const support = await loginAs(t, 'support');
    expect(
      (await post('/api/admin/shop-orders/ship', { order_no: orderNo, carrier: '顺丰速运', tracking_no: 'SF1234567890' }, support))
        .statusCode,
    ).toBe(403);
  });
});
