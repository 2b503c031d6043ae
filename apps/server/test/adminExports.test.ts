// "Export any list to CSV" (docs/decisions/0018): every list's export answers the whole filtered set as the
// list shows it (filters, agent scope — an agent administrator's file never holds another agent's
// rows), a role without the list's permission gets 403, and every export leaves an audit row. Real-
// name records leave masked only; operators without hashes or secrets. Also a ticket's images for
// the operators who may open the ticket. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { REAL_NAME_STATE_LABEL, REPLACEMENT_STATUS_LABEL } from '@portal/contract/admin';
import { personalData } from '../src/lib/personalData';
import { parseCsv } from '../src/modules/admin/cards/importRules';
import { savePersonalInfo } from '../src/modules/realName/repo';
import { adminPost, loginAs, type DemoOperator } from './adminHelpers';
import { applicationThrough } from './agentApplicationHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { multipart, PNG, JPEG } from './uploadHelpers';
import { drainBulkJobs } from './bulkJobHelpers';

const DEMO_CARD = '1000000001';
const ACME_CARD = '1000000014';

describe.each(databases())('console list exports on %s', (kind) => {
  const t = useTestApp(kind);
  const pd = () => personalData(t.config);
  const cookies = new Map<string, string>();
  const as = async (who: DemoOperator) => cookies.get(who) ?? (cookies.set(who, await loginAs(t, who)), cookies.get(who)!);

  /** GETs an export as the operator: the parsed CSV (header first) of a 200, else the status. */
  async function csvOf(who: DemoOperator, url: string) {
    const res = await t.inject({ method: 'GET', url: `/api/admin/exports/${url}`, headers: { cookie: await as(who) } });
    if (res.statusCode !== 200) return { status: res.statusCode, body: res.body, rows: [] as string[][], header: [] as string[] };
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9.-]+"; filename\*=UTF-8''/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(res.body).filter((r) => r.some((c) => c !== ''));
    return { status: 200, body: res.body, header: header!, rows, truncated: res.headers['x-export-truncated'] };
  }
  const column = (r: { header: string[]; rows: string[][] }, name: string) => {
    const i = r.header.indexOf(name);
    expect(i, `column ${name} in ${r.header.join(',')}`).toBeGreaterThanOrEqual(0);
    return r.rows.map((row) => row[i]!);
  };
  const lastAudit = (action: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

  async function replacement(customNum: string, status: 'submitted' | 'shipped' = 'submitted'): Promise<number> {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
    const r = await t.db.kysely
      .insertInto('change_card_applications')
      .values({
        card_id: card.id,
        status,
        receiver_name: pd().seal('张三'),
        receiver_mobile: pd().seal('13800138000'),
        province: pd().seal('浙江省'),
        city: pd().seal('杭州市'),
        address: pd().seal('西湖区文三路 1 号'),
        reason: `=HYPERLINK("x") ${customNum}`,
        new_custom_num: '',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  it('replacements: the filtered set in the agent scope, formula-safe, audited; support 403', async () => {
    const mine = await replacement(DEMO_CARD);
    const theirs = await replacement(ACME_CARD);
    const shipped = await replacement(DEMO_CARD, 'shipped');

    const agent = await csvOf('agent', 'replacements?status=submitted');
    expect(agent.status, agent.body).toBe(200);
    expect(agent.header.slice(0, 3)).toEqual(['申请编号', '卡号', '状态']);
    expect(column(agent, '申请编号')).toEqual([String(mine)]);
    expect(column(agent, '卡号')).toEqual([DEMO_CARD]);
    // the state in the words the console's queue shows (the contract's table): 待发货
    expect(column(agent, '状态')).toEqual([REPLACEMENT_STATUS_LABEL.submitted]);
    expect(column(agent, '收件人')).toEqual(['张三']);
    // a cell that a spreadsheet would run as a formula is kept as text
    expect(column(agent, '换卡原因')).toEqual([`'=HYPERLINK("x") ${DEMO_CARD}`]);
    const audit = await lastAudit('replacements.export');
    expect(audit).toMatchObject({ operator_username: 'agent', target_type: 'replacements' });
    expect(JSON.parse(audit!.after)).toEqual({ filter: { status: 'submitted' }, rows: 1 });

    const admin = await csvOf('admin', 'replacements');
    expect(column(admin, '申请编号').sort()).toEqual([mine, theirs, shipped].map(String).sort());
    expect((await csvOf('admin', `replacements?card=${ACME_CARD}`)).rows).toHaveLength(1);

    expect((await csvOf('support', 'replacements')).status).toBe(403);
    expect((await csvOf('admin', 'replacements?status=lost')).status).toBe(400);
  });

  it('walks the whole filtered set page by page, beyond one page', async () => {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', DEMO_CARD).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const values = Array.from({ length: 1234 }, (_, i) => ({
      card_id: card.id,
      status: 'done' as const,
      receiver_name: '',
      receiver_mobile: '',
      province: '',
      city: '',
      address: '',
      reason: `第 ${i} 张`,
      new_custom_num: '',
      created_at: now,
    }));
    for (let i = 0; i < values.length; i += 200)
      await t.db.kysely
        .insertInto('change_card_applications')
        .values(values.slice(i, i + 200))
        .execute();
    const all = await csvOf('agent', 'replacements?status=done');
    expect(all.rows).toHaveLength(1234);
    expect(new Set(column(all, '申请编号')).size).toBe(1234);
    expect(all.truncated).toBe('0');
  });

  it('real-name records: masked only, never the full data; agent scope; finance 403', async () => {
    for (const [num, name, id, mobile] of [
      [DEMO_CARD, '张三', '110105194912310021', '13800138000'],
      [ACME_CARD, '李四', '11010519491231002X', '13900139000'],
    ] as const) {
      const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
      await savePersonalInfo(
        t.db.kysely,
        pd(),
        card.id,
        { name, id_number: id, mobile, id_photo_front: null, id_photo_back: null },
        new Date().toISOString(),
      );
    }
    const support = await csvOf('support', 'real-name');
    expect(column(support, '卡号').sort()).toEqual([DEMO_CARD, ACME_CARD]);
    for (const full of ['110105194912310021', '11010519491231002X', '13800138000', '13900139000', '张三', '李四'])
      expect(support.body).not.toContain(full);
    expect(column(support, '证件号').every((v) => v.includes('*'))).toBe(true);
    expect(column(support, '手机号').every((v) => /^\d{3}\*{4}\d{4}$/.test(v))).toBe(true);
    // 已实名 / 未实名, as the list's 运营商实名 says it
    for (const v of column(support, '实名状态')) expect(Object.values(REAL_NAME_STATE_LABEL)).toContain(v);

    const agent = await csvOf('agent', 'real-name');
    expect(column(agent, '卡号')).toEqual([DEMO_CARD]);
    expect((await csvOf('finance', 'real-name')).status).toBe(403);
    const audit = await lastAudit('realname.export');
    expect(audit).toMatchObject({ operator_username: 'agent' });
    expect(audit!.after).not.toContain('110105');
  });

  it('tickets: the queue with its filters; support and the platform; an agent administrator 403', async () => {
    const support = await csvOf('support', 'tickets?order=newest');
    expect(support.status, support.body).toBe(200);
    expect(column(support, '工单号')).toContain('T26110100000001');
    expect((await csvOf('support', 'tickets?status=closed')).rows.map((r) => r[0])).not.toContain('T26110100000001');
    expect(column(await csvOf('support', `tickets?card=${ACME_CARD}`), '卡号').every((c) => c === ACME_CARD)).toBe(true);
    expect((await csvOf('agent', 'tickets')).status).toBe(403);
    expect((await csvOf('finance', 'tickets')).status).toBe(403);
    expect(await lastAudit('tickets.export')).toMatchObject({ operator_username: 'support', target_type: 'tickets' });
  });

  it('agent applications: the platform all, an agent administrator its own (docs/decisions/0076), by status', async () => {
    const agentId = async (mark: string) =>
      (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
    const own = await applicationThrough(t, await agentId('demo'));
    const other = await applicationThrough(t, await agentId('acme'));
    const noOf = async (id: number) =>
      (await t.db.kysely.selectFrom('agent_applications').select('application_no').where('id', '=', id).executeTakeFirstOrThrow())
        .application_no;
    const admin = await csvOf('admin', 'agent-applications');
    expect(admin.status, admin.body).toBe(200);
    expect(admin.header).toContain('申请编号');
    expect(column(admin, '申请编号')).toEqual(expect.arrayContaining([await noOf(own.id), await noOf(other.id)]));
    const agent = await csvOf('agent', 'agent-applications');
    expect(agent.status, agent.body).toBe(200);
    expect(column(agent, '申请编号')).toContain(await noOf(own.id));
    expect(column(agent, '申请编号')).not.toContain(await noOf(other.id));
    expect((await csvOf('support', 'agent-applications')).status).toBe(403);
    // the agent administrator's export audited as any other
    expect(await lastAudit('agent_applications.export')).toMatchObject({ operator_username: 'agent' });
  });

  it('catalogue, prices, coupon packages, offers, agents: an agent administrator only their own agent', async () => {
    const agents = await t.db.kysely.selectFrom('agents').select(['id', 'nickname', 'mark']).execute();
    const demo = agents.find((a) => a.mark === 'demo')!;
    for (const list of ['series', 'packages', 'prices', 'coupon-packages', 'recharge-offers', 'agents']) {
      const admin = await csvOf('admin', list);
      expect(admin.status, `${list}: ${admin.body}`).toBe(200);
      const agent = await csvOf('agent', list);
      expect(agent.status, `${list}: ${agent.body}`).toBe(200);
      const names = column(agent, list === 'agents' ? '名称' : '代理');
      expect(
        names.every((n) => n === demo.nickname),
        `${list}: ${names.join(',')}`,
      ).toBe(true);
      expect(agent.rows.length).toBeLessThanOrEqual(admin.rows.length);
      expect((await csvOf('support', list)).status, list).toBe(403);
    }
    const prices = await csvOf('finance', 'prices');
    expect(prices.header).toEqual(['代理', '系列', '套餐编号', '套餐名称', '成本价(元)', '零售价(元)', '毛利(元)', '毛利率(%)', '在售']);
    expect(prices.rows.length).toBeGreaterThan(0);
    const acme = agents.find((a) => a.mark === 'acme')!;
    expect((await csvOf('admin', `packages?agent_id=${acme.id}`)).rows.every((r) => r[1] === acme.nickname)).toBe(true);
    expect(await lastAudit('prices.export')).toMatchObject({ operator_username: 'finance' });
    expect((await csvOf('finance', 'agents')).status).toBe(403);
  });

  it('voucher batches, operators (no hashes or secrets), late payments, shop orders', async () => {
    expect((await csvOf('agent', 'voucher-batches')).status).toBe(200);
    expect((await csvOf('finance', 'voucher-batches')).status).toBe(403);

    const ops = await csvOf('admin', 'operators');
    expect(column(ops, '用户名').sort()).toEqual(['admin', 'admin2', 'agent', 'finance', 'support']);
    const secrets = await t.db.kysely.selectFrom('operators').selectAll().execute();
    for (const o of secrets) {
      expect(ops.body).not.toContain(o.password_hash);
      if (o.totp_secret) expect(ops.body).not.toContain(o.totp_secret);
    }
    expect((await csvOf('agent', 'operators')).status).toBe(403);
    expect(await lastAudit('operators.export')).toMatchObject({ operator_username: 'admin' });

    expect((await csvOf('finance', 'late-payments')).header[0]).toBe('支付记录');
    expect((await csvOf('support', 'late-payments')).status).toBe(403);
    expect((await csvOf('agent', 'shop-orders?ship_state=shipped')).status).toBe(200);
    expect((await csvOf('finance', 'shop-orders')).status).toBe(403);
  });

  it("a card's ledger with its manual adjustments: finance; another agent's card not found; audited", async () => {
    const adjust = await adminPost(
      t,
      '/api/admin/balance/adjust',
      { card: DEMO_CARD, amount_fen: 1234, reason: '补偿断网', request_id: 'export-test-1' },
      await as('finance'),
    );
    expect(adjust.statusCode, adjust.body).toBe(200);
    const ledger = await csvOf('finance', `ledger?card=${DEMO_CARD}`);
    expect(ledger.rows[0]).toEqual(expect.arrayContaining([DEMO_CARD, '人工调整', '12.34']));
    expect(await lastAudit('ledger.export')).toMatchObject({ operator_username: 'finance' });
    expect(JSON.parse((await lastAudit('ledger.export'))!.after)).toMatchObject({ filter: { card: DEMO_CARD } });
    expect((await csvOf('finance', 'ledger?card=999')).status).toBe(404);
    expect((await csvOf('finance', 'ledger')).status).toBe(400);
    expect((await csvOf('support', `ledger?card=${DEMO_CARD}`)).status).toBe(403);
  });

  it("a bulk job's result per card; an agent administrator does not see the platform's job", async () => {
    const job = await adminPost(
      t,
      '/api/admin/bulk-jobs',
      { kind: 'suspend', custom_nums: [DEMO_CARD, '1999999999'], reason: '欠费停机' },
      await as('admin'),
    );
    expect(job.statusCode, job.body).toBe(200);
    const id = job.json().data.id as number;
    // answered at once, every card 待处理; the export says so, then the runner's results
    expect(column(await csvOf('admin', `bulk-job-items?id=${id}`), '结果')).toEqual(['待处理', '待处理']);
    await drainBulkJobs(t);
    const items = await csvOf('admin', `bulk-job-items?id=${id}`);
    expect(column(items, '卡号')).toEqual([DEMO_CARD, '1999999999']);
    expect(column(items, '结果')).toEqual(['成功', '失败']);
    expect((await csvOf('agent', `bulk-job-items?id=${id}`)).status).toBe(404);
    expect((await csvOf('support', `bulk-job-items?id=${id}`)).status).toBe(403);
  });
});

describe.each(databases())('console ticket images on %s', (kind) => {
  const t = useTestApp(kind);

  async function ticketWithImages(tk: TestApp): Promise<number> {
    const token = await tk.loginAccount();
    const ids: string[] = [];
    for (const content of [PNG, JPEG]) {
      const { payload, headers } = multipart([{ content }]);
      const res = await tk.inject({
        method: 'POST',
        url: '/api/v2/complaints_suggestions/upload',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const filed = await tk.post(
      '/api/v2/complaints_suggestions',
      { category: 'billing', custom_num: DEMO_CARD, description: '扣费截图见附件', images: ids, contact: '13800138000' },
      token,
    );
    expect(filed.statusCode, filed.body).toBe(200);
    const row = await tk.db.kysely
      .selectFrom('tickets')
      .select('id')
      .where('ticket_no', '=', filed.json().data.ticket_no)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('shows the images to support, privately; out of range or an unknown ticket: not found; an agent administrator 403', async () => {
    const id = await ticketWithImages(t);
    const support = await loginAs(t, 'support');
    const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });

    const detail = (await get(`/api/admin/tickets/detail?id=${id}`, support)).json().data;
    expect(detail.ticket.image_count).toBe(2);
    const first = await get(`/api/admin/tickets/${id}/images/0`, support);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toMatch(/^private/);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    const second = await get(`/api/admin/tickets/${id}/images/1`, support);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(JPEG)).toBe(true);

    expect((await get(`/api/admin/tickets/${id}/images/2`, support)).statusCode).toBe(404);
    expect((await get(`/api/admin/tickets/999999/images/0`, support)).statusCode).toBe(404);
    expect((await get(`/api/admin/tickets/${id}/images/9`, support)).statusCode).toBe(400);
    expect((await get(`/api/admin/tickets/${id}/images/0`, await loginAs(t, 'agent'))).statusCode).toBe(403);
    expect((await get(`/api/admin/tickets/${id}/images/0`, await loginAs(t, 'finance'))).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/admin/tickets/${id}/images/0` })).statusCode).toBe(401);
  });
});
