// The console's cards area (docs/decisions/0018): search (filters, agent scope, keyset paging, bad input),
// export, a card's story (masked, scoped), and bulk jobs with some failing cards. Every change audited.
// SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { chinaDateTimeSeconds } from '@portal/domain/csv';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp } from './harness';
import { audits } from './adminCardsHelpers';

describe.each(databases())('console cards on %s', (kind) => {
  const t = useTestApp(kind);

  describe('search', () => {
    it('filters, scopes an agent administrator to their agent, and pages by id', async () => {
      const admin = await loginAs(t, 'admin');
      const all = (await adminGet(t, '/api/admin/cards?limit=100', admin)).json().data;
      expect(all.items.some((c: { custom_num: string }) => c.custom_num === '1000000014')).toBe(true);
      const ids = all.items.map((c: { id: number }) => c.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

      const agent = await loginAs(t, 'agent');
      const own = (await adminGet(t, '/api/admin/cards?limit=100', agent)).json().data.items as {
        custom_num: string;
        agent_name: string;
      }[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.some((c) => c.custom_num === '1000000014' || c.custom_num === '1000000015')).toBe(false);
      // asking for another agent does not widen the scope
      const acme = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow()).id;
      expect((await adminGet(t, `/api/admin/cards?agent_id=${acme}`, agent)).json().data.items).toEqual([]);
      expect(
        (await adminGet(t, `/api/admin/cards?agent_id=${acme}`, admin))
          .json()
          .data.items.map((c: { custom_num: string }) => c.custom_num)
          .sort(),
      ).toEqual(['1000000014', '1000000015']);

      const nums = async (q: string) =>
        (await adminGet(t, `/api/admin/cards?${q}`, admin))
          .json()
          .data.items.map((c: { custom_num: string }) => c.custom_num)
          .sort();
      expect(await nums('number=100000001')).toEqual(expect.arrayContaining(['1000000010', '1000000014', '1000000016']));
      expect((await nums('number=100000001')).every((n: string) => n.startsWith('100000001'))).toBe(true);
      // ICCID and MSISDN prefixes
      expect(await nums('number=89860319')).toEqual(['1000000014']);
      expect(await nums('number=1440070000001')).toEqual(expect.arrayContaining(['1000000001']));
      expect(await nums('mobile=13800138000')).toEqual([
        '1000000001',
        '1000000002',
        '1000000003',
        '1000000010',
        '1000000011',
        '1000000012',
        '1000000013',
        '1000000016',
      ]);
      expect((await nums('bound=no')).includes('1000000001')).toBe(false);
      expect(await nums('state=3')).toEqual(expect.arrayContaining(['1000000021', '1000000022']));
      expect(await nums('supplier=3')).toEqual(['1000000014']);
      expect(await nums('series_id=3')).toEqual(['1000000014', '1000000015']);
      expect(await nums('real_name=no&agent_id=' + acme)).toEqual(['1000000014', '1000000015']);
      expect(await nums('created_from=2999-01-01T00:00:00Z')).toEqual([]);

      // keyset pages: disjoint, in order, the last says no more
      const p1 = (await adminGet(t, '/api/admin/cards?limit=5', admin)).json().data;
      expect(p1.items).toHaveLength(5);
      expect(p1.next_before_id).toBe(p1.items[4].id);
      const p2 = (await adminGet(t, `/api/admin/cards?limit=5&before_id=${p1.next_before_id}`, admin)).json().data;
      expect(p2.items[0].id).toBeLessThan(p1.items[4].id);
      const last = (await adminGet(t, `/api/admin/cards?limit=100&before_id=${ids[ids.length - 1] + 1}`, admin)).json().data;
      expect(last.next_before_id).toBeNull();
    });

    it('refuses bad filters with a Chinese message', async () => {
      const admin = await loginAs(t, 'admin');
      for (const [q, message] of [
        ['limit=101', '每页最多 100 条'],
        ['mobile=123', '请输入 11 位手机号'],
        ['number=12%25', '号码只能包含数字和字母'],
        ['bound=maybe', '绑定状态有误'],
        ['created_from=yesterday', '时间格式有误'],
      ] as const) {
        const res = await adminGet(t, `/api/admin/cards?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message, q).toBe(message);
      }
    });

    it('exports the filtered list as CSV, audited', async () => {
      const admin = await loginAs(t, 'admin');
      const res = await adminGet(t, '/api/admin/cards/export?supplier=3', admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^卡号,ICCID,MSISDN,代理,状态/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('1000000014');
      expect((await audits(t, 'cards.export')).at(-1)!.after).toContain('"rows":1');
    });

    it('exports each card with its plan in force, remaining data and the plan’s end, as the list shows them', async () => {
      const admin = await loginAs(t, 'admin');
      const list = (await adminGet(t, '/api/admin/cards?limit=100', admin)).json().data.items as {
        custom_num: string;
        plan: { name: string; remaining_kb: number; expired_at: string } | null;
      }[];
      const withPlan = list.filter((c) => c.plan);
      expect(withPlan.length).toBeGreaterThan(3);
      const res = await adminGet(t, '/api/admin/cards/export', admin);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      const col = (name: string) => header!.indexOf(name);
      expect(col('套餐')).toBeGreaterThan(0);
      expect(col('剩余流量（MB）')).toBeGreaterThan(0);
      expect(col('套餐到期时间（北京时间）')).toBeGreaterThan(0);
      const byNum = new Map(rows.map((r) => [r[0], r]));
      for (const c of list) {
        const r = byNum.get(c.custom_num)!;
        expect(r[col('套餐')], c.custom_num).toBe(c.plan?.name ?? '');
        expect(r[col('剩余流量（MB）')], c.custom_num).toBe(c.plan ? String(Math.floor(c.plan.remaining_kb / 1024)) : '');
        expect(r[col('套餐到期时间（北京时间）')], c.custom_num).toBe(c.plan ? chinaDateTimeSeconds(c.plan.expired_at) : '');
      }
    });
  });

  describe('story', () => {
    it("tells a card whole, masked; another agent's card is not found; finance reads it", async () => {
      const admin = await loginAs(t, 'admin');
      const res = await adminGet(t, '/api/admin/cards/story?card=1000000001', admin);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      expect(s.card.custom_num).toBe('1000000001');
      expect(s.binding.mobile).toBe('138****8000');
      expect(Array.isArray(s.packages) && Array.isArray(s.orders) && Array.isArray(s.ledger) && Array.isArray(s.usage)).toBe(true);
      expect(res.body).not.toMatch(/id_number|"\d{17}[\dX]"/);

      const agent = await loginAs(t, 'agent');
      const other = await adminGet(t, '/api/admin/cards/story?card=1000000014', agent);
      expect(other.statusCode).toBe(404);
      // the same words as a number nobody has: another agent's card is indistinguishable from none
      expect(other.json().message).toBe('卡片不存在');
      expect((await adminGet(t, '/api/admin/cards/story?card=1000000001', agent)).statusCode).toBe(200);
      expect((await adminGet(t, '/api/admin/cards/story?card=1000000001', await loginAs(t, 'finance'))).statusCode).toBe(200);
      expect((await adminGet(t, '/api/admin/cards/story?card=9999999999', admin)).statusCode).toBe(404);
      expect((await adminGet(t, '/api/admin/cards/story?card=abc', admin)).json().message).toBe('请输入正确的卡号、ICCID、MSISDN 或 IMSI');
    });
  });
  describe('bulk jobs', () => {
    it("suspends cards with a result per card: unknown, another agent's, already suspended fail", async () => {
      const agent = await loginAs(t, 'agent');
      const res = await adminPost(
        t,
        '/api/admin/bulk-jobs',
        {
          kind: 'suspend',
          custom_nums: ['1000000001', '1000000002', '9999999999', '1000000014', '1000000021', '1000000001'],
          reason: '欠费风控',
        },
        agent,
      );
      expect(res.statusCode, res.body).toBe(200);
      // answered at once: the cards wait (待处理) for the background runner
      expect(res.json().data).toMatchObject({
        kind: 'suspend',
        kind_label: '停机',
        status: 'pending',
        total: 5,
        ok_count: 0,
        failed_count: 0,
      });
      const job = await finishedJob(t, agent, res);
      expect(job).toMatchObject({ kind: 'suspend', kind_label: '停机', status: 'done', total: 5, ok_count: 2, failed_count: 3 });
      const detail = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}`, agent)).json().data;
      expect(detail.items.map((i: { custom_num: string; status: string; message: string }) => [i.custom_num, i.status, i.message])).toEqual(
        [
          ['1000000001', 'ok', '成功'],
          ['1000000002', 'ok', '成功'],
          ['9999999999', 'failed', '卡号不存在'],
          ['1000000014', 'failed', '卡号不存在'],
          ['1000000021', 'failed', '已是停机状态'],
        ],
      );
      const card = await t.db.kysely
        .selectFrom('cards')
        .select(['state', 'stop_reason'])
        .where('custom_num', '=', '1000000001')
        .executeTakeFirstOrThrow();
      expect(card).toEqual({ state: 3, stop_reason: '管控停机' });
      // through the carrier: the line is stopped there too
      expect(
        (
          await t.db.kysely
            .selectFrom('sim_lines')
            .select('carrier_status')
            .where('custom_num', '=', '1000000001')
            .executeTakeFirstOrThrow()
        ).carrier_status,
      ).toBe(3);
      expect(
        (await t.db.kysely.selectFrom('cards').select('state').where('custom_num', '=', '1000000014').executeTakeFirstOrThrow()).state,
      ).toBe(1);
      const rows = await audits(t, 'card.suspended');
      expect(rows.map((r) => r.target_id)).toEqual(['1000000001', '1000000002']);
      expect(rows[0]!.reason).toBe('欠费风控');
      expect((await audits(t, 'bulk_job.created')).at(-1)!.target_id).toBe(String(job.id));

      // resume puts them back; the platform admin's list sees the job, the detail of an admin job is not the agent's
      const resumed = await finishedJob(
        t,
        agent,
        await adminPost(t, '/api/admin/bulk-jobs', { kind: 'resume', custom_nums: ['1000000001', '1000000003'], reason: '已缴费' }, agent),
      );
      expect(resumed).toMatchObject({ ok_count: 1, failed_count: 1 });
      const admin = await loginAs(t, 'admin');
      expect((await adminGet(t, '/api/admin/bulk-jobs', admin)).json().data.items.map((j: { id: number }) => j.id)).toEqual(
        expect.arrayContaining([job.id, resumed.id]),
      );
      const adminJob = await finishedJob(
        t,
        admin,
        await adminPost(t, '/api/admin/bulk-jobs', { kind: 'mark_replacement', custom_nums: ['1000000014'], reason: '卡损坏' }, admin),
      );
      expect(adminJob).toMatchObject({ ok_count: 1 });
      expect((await adminGet(t, `/api/admin/bulk-jobs/detail?id=${adminJob.id}`, agent)).statusCode).toBe(404);
      expect((await adminGet(t, '/api/admin/bulk-jobs', agent)).json().data.items.map((j: { id: number }) => j.id)).not.toContain(
        adminJob.id,
      );
    });

    it('sets a series and moves cards (platform admin only); bad input writes nothing', async () => {
      const admin = await loginAs(t, 'admin');
      const agent = await loginAs(t, 'agent');
      const acme = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow()).id;
      const before = await t.snapshot();
      expect(
        (
          await adminPost(
            t,
            '/api/admin/bulk-jobs',
            { kind: 'move_agent', custom_nums: ['1000000004'], reason: '转代理', agent_id: acme },
            agent,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await adminPost(t, '/api/admin/bulk-jobs', { kind: 'set_series', custom_nums: ['1000000004'], reason: '改系列' }, admin)).json()
          .message,
      ).toBe('请选择套餐系列');
      expect((await adminPost(t, '/api/admin/bulk-jobs', { kind: 'suspend', custom_nums: [], reason: '停机' }, admin)).json().message).toBe(
        '请至少选择一张卡',
      );
      expect(
        (await adminPost(t, '/api/admin/bulk-jobs', { kind: 'suspend', custom_nums: ['1000000004'], reason: '' }, admin)).json().message,
      ).toBe('原因至少 2 个字');
      expect(
        (
          await adminPost(
            t,
            '/api/admin/bulk-jobs',
            { kind: 'set_series', custom_nums: ['1000000004'], reason: '改系列', series_id: 3 },
            agent,
          )
        ).json().message,
      ).toBe('套餐系列不存在');
      expect(await t.snapshot()).toEqual(before);

      const set = await finishedJob(
        t,
        admin,
        await adminPost(
          t,
          '/api/admin/bulk-jobs',
          { kind: 'set_series', custom_nums: ['1000000004', '1000000014'], reason: '改系列', series_id: 2 },
          admin,
        ),
      );
      expect(set).toMatchObject({ ok_count: 1, failed_count: 1 });
      expect(
        (
          await t.db.kysely
            .selectFrom('cards')
            .select('package_series_ids')
            .where('custom_num', '=', '1000000004')
            .executeTakeFirstOrThrow()
        ).package_series_ids,
      ).toBe('[2]');
      const moved = await finishedJob(
        t,
        admin,
        await adminPost(
          t,
          '/api/admin/bulk-jobs',
          { kind: 'move_agent', custom_nums: ['1000000004'], reason: '转代理', agent_id: acme },
          admin,
        ),
      );
      expect(moved).toMatchObject({ ok_count: 1 });
      expect(
        (await t.db.kysely.selectFrom('cards').select('agent_id').where('custom_num', '=', '1000000004').executeTakeFirstOrThrow())
          .agent_id,
      ).toBe(acme);
      expect((await audits(t, 'card.agent_moved')).at(-1)).toMatchObject({ target_id: '1000000004', reason: '转代理' });
    });
  });
});
