// The console's queues (issue 13): tickets answered through the tickets module (the card holder
// sees the reply on /suggest), agent applications decided through the agent applications module
// (the applicant sees it on /agent). Roles, agent scope, bad input → 4xx and nothing written, and
// an audit row for every change. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const SEEDED = 'T26110100000001';

async function ticketId(t: TestApp, ticketNo = SEEDED): Promise<number> {
  return (await t.db.kysely.selectFrom('tickets').select('id').where('ticket_no', '=', ticketNo).executeTakeFirstOrThrow()).id;
}

let seq = 0;
/** An application through the given agent, written directly; answers its id and access key. */
async function application(t: TestApp, mark: 'demo' | 'acme'): Promise<{ id: number; key: string }> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const n = seq++;
  const key = `k${Date.now()}${n}`.padEnd(32, 'x');
  const r = await t.db.kysely
    .insertInto('agent_applications')
    .values({
      application_no: `A261124${String(n).padStart(6, '0')}${mark}`,
      access_key: key,
      agent_id: agent.id,
      name: '王小明',
      mobile: `1391111${String(n).padStart(4, '0')}`,
      open_mobile: null,
      province: '浙江省',
      city: '杭州市',
      channel: 'online_shop',
      notes: '',
      status: 'submitted',
      reject_reason: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id, key };
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

  it('finance cannot answer tickets; only the platform administrator decides applications', async () => {
    const finance = await loginAs(t, 'finance');
    expect((await get('/api/admin/tickets', finance)).statusCode).toBe(403);
    expect((await post('/api/admin/tickets/reply', { id: 1, status: 'closed' }, finance)).statusCode).toBe(403);
    const support = await loginAs(t, 'support');
    expect((await get('/api/admin/agent-applications', support)).statusCode).toBe(403);
    const agent = await loginAs(t, 'agent');
    expect((await get('/api/admin/tickets', agent)).statusCode).toBe(403);
    expect((await get('/api/admin/agent-applications', agent)).statusCode).toBe(403);
  });

  it('approves an application (the applicant sees it on /agent) and rejects one only with a reason; audited', async () => {
    const a = await application(t, 'demo');
    const b = await application(t, 'acme');
    const admin = await loginAs(t, 'admin');
    const list = (await get('/api/admin/agent-applications?status=submitted', admin)).json().data.items.map((x: { id: number }) => x.id);
    expect(list).toEqual(expect.arrayContaining([a.id, b.id]));

    const ok = await post('/api/admin/agent-applications/decide', { id: a.id, decision: 'approved' }, admin);
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
