// A parent's bulk jobs over its sub-agents' cards (docs/decisions/0067-agents-in-levels.md), on SQLite
// and PostgreSQL: the demo 总代理 → 代理 (l2) → 分销 (l3), and l2's sibling. l2's administrator's
// 停机 / 复机 / 标记换卡 reach l2's and l3's cards and never the sibling's or the parent's (those
// answer 卡号不存在, untouched, as if unknown); the parent sets its grandchild's card to its own series
// (a sub-agent's card may carry a series of an agent above it); moving cards between agents stays
// the platform's (403 in words); a job is seen by its agent's administrator and those above, never
// by the sub-agent below or a sibling.
import { describe, expect, it } from 'vitest';
import { CardState } from '@portal/contract/enums';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp } from './harness';

const PASSWORD = 'Bulk#2026xy';

describe.each(databases())('a parent’s bulk jobs over its subtree on %s', (kind) => {
  // no timer of its own: the test runs the runner when it wants to
  const t = useTestApp(kind, { bulkJobsIntervalMs: 0 });

  const idOf = async (mark: string) =>
    (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
  const cardOf = (num: string) =>
    t.db.kysely
      .selectFrom('cards')
      .select(['id', 'agent_id', 'state', 'need_change_card', 'package_series_ids'])
      .where('custom_num', '=', num)
      .executeTakeFirstOrThrow();

  async function sub(parentId: number, mark: string, cookie: string) {
    const username = `${mark}admin`;
    const res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      {
        parent_id: parentId,
        mark,
        nickname: `下级${mark}`,
        share_bp: 6000,
        admin: { username, display_name: `${mark}管理员`, password: PASSWORD },
        reason: '发展下级代理',
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.id as number, admin: cookieOf(await adminLogin(t, username, PASSWORD)) };
  }

  /** demo → l2 → l3, demo → sibling; one working card of each, taken from demo's seeded cards. */
  async function network(seq: string) {
    const demoAdmin = await loginAs(t, 'agent');
    const demo = await idOf('demo');
    const l2 = await sub(demo, `bk2${seq}`, demoAdmin);
    const l3 = await sub(l2.id, `bk3${seq}`, l2.admin);
    const sibling = await sub(demo, `bks${seq}`, demoAdmin);
    const working = await t.db.kysely
      .selectFrom('cards')
      .select('custom_num')
      .where('agent_id', '=', demo)
      .where('state', '=', CardState.Activated)
      .where('need_change_card', '=', 0)
      .orderBy('custom_num')
      .limit(4)
      .execute();
    expect(working).toHaveLength(4);
    const [parentCard, l2Card, l3Card, siblingCard] = working.map((c) => c.custom_num) as [string, string, string, string];
    for (const [num, agent] of [
      [l2Card, l2.id],
      [l3Card, l3.id],
      [siblingCard, sibling.id],
    ] as const)
      await t.db.kysely.updateTable('cards').set({ agent_id: agent }).where('custom_num', '=', num).execute();
    return { demo, demoAdmin, l2, l3, sibling, parentCard, l2Card, l3Card, siblingCard };
  }

  async function itemsOf(jobId: number) {
    const rows = await t.db.kysely
      .selectFrom('bulk_job_items')
      .select(['custom_num', 'status', 'message', 'card_id'])
      .where('job_id', '=', jobId)
      .execute();
    return new Map(rows.map((r) => [r.custom_num, r]));
  }

  async function bulk(cookie: string, body: Record<string, unknown>) {
    return adminPost(t, '/api/admin/bulk-jobs', { reason: '代理批量管控', ...body }, cookie);
  }

  it('停机 / 复机 / 标记换卡 reach the subtree’s cards, never a sibling’s or a parent’s', async () => {
    const n = await network('a');
    const before = { parent: await cardOf(n.parentCard), sibling: await cardOf(n.siblingCard) };

    const all = [n.l2Card, n.l3Card, n.siblingCard, n.parentCard];
    const stopped = await finishedJob(t, n.l2.admin, await bulk(n.l2.admin, { kind: 'suspend', custom_nums: all }));
    expect(stopped).toMatchObject({ status: 'done', total: 4, ok_count: 2, failed_count: 2 });
    let items = await itemsOf(stopped.id);
    for (const own of [n.l2Card, n.l3Card]) expect(items.get(own)).toMatchObject({ status: 'ok' });
    // another branch's card answers as if unknown: nothing of it is kept, not even its id
    for (const other of [n.siblingCard, n.parentCard])
      expect(items.get(other)).toMatchObject({ status: 'failed', message: '卡号不存在', card_id: null });
    expect((await cardOf(n.l3Card)).state).toBe(CardState.Stopped);
    expect((await cardOf(n.l2Card)).state).toBe(CardState.Stopped);

    const resumed = await finishedJob(t, n.l2.admin, await bulk(n.l2.admin, { kind: 'resume', custom_nums: [n.l3Card, n.siblingCard] }));
    expect(resumed).toMatchObject({ ok_count: 1, failed_count: 1 });
    expect((await cardOf(n.l3Card)).state).toBe(CardState.Activated);

    // the sub-agent's own administrator: its own card only, never its parent's
    const marked = await finishedJob(
      t,
      n.l3.admin,
      await bulk(n.l3.admin, { kind: 'mark_replacement', custom_nums: [n.l3Card, n.l2Card] }),
    );
    expect(marked).toMatchObject({ ok_count: 1, failed_count: 1 });
    items = await itemsOf(marked.id);
    expect(items.get(n.l2Card)).toMatchObject({ status: 'failed', message: '卡号不存在', card_id: null });
    expect((await cardOf(n.l3Card)).need_change_card).toBe(1);
    expect((await cardOf(n.l2Card)).need_change_card).toBe(0);

    // the sibling's and the parent's cards are as they were, and no audit row names them
    expect(await cardOf(n.siblingCard)).toEqual(before.sibling);
    expect(await cardOf(n.parentCard)).toEqual(before.parent);
    const audited = await t.db.kysely.selectFrom('audit_log').select('target_id').where('action', 'like', 'card.%').execute();
    for (const other of [n.siblingCard, n.parentCard]) expect(audited.map((a) => a.target_id)).not.toContain(other);

    // a job is seen by its agent's administrator and those above it; never by the one below or a sibling
    for (const [cookie, status] of [
      [n.l2.admin, 200],
      [n.demoAdmin, 200],
      [n.l3.admin, 404],
      [n.sibling.admin, 404],
    ] as const) {
      const res = await adminGet(t, `/api/admin/bulk-jobs/detail?id=${stopped.id}`, cookie);
      expect(res.statusCode, res.body).toBe(status);
    }
    const listed = (await adminGet(t, '/api/admin/bulk-jobs', n.sibling.admin)).json().data;
    expect(JSON.stringify(listed)).not.toContain(`"id":${stopped.id},`);
  });

  it('the parent sets its grandchild’s card to its own series, one card or in bulk; moving cards stays the platform’s', async () => {
    const n = await network('b');
    const series = (
      await t.db.kysely.selectFrom('package_series').select('id').where('agent_id', '=', n.demo).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely.updateTable('cards').set({ package_series_ids: '[]' }).where('custom_num', 'in', [n.l3Card, n.siblingCard]).execute();

    const job = await finishedJob(
      t,
      n.demoAdmin,
      await bulk(n.demoAdmin, { kind: 'set_series', series_id: series, custom_nums: [n.l3Card, n.siblingCard] }),
    );
    expect(job).toMatchObject({ ok_count: 2, failed_count: 0 });
    for (const num of [n.l3Card, n.siblingCard]) expect(JSON.parse((await cardOf(num)).package_series_ids)).toEqual([series]);

    // one card from its story: the same rule
    await t.db.kysely.updateTable('cards').set({ package_series_ids: '[]' }).where('custom_num', '=', n.l3Card).execute();
    const one = await adminPost(t, '/api/admin/cards/series', { card: n.l3Card, series_id: series, reason: '统一上级系列' }, n.demoAdmin);
    expect(one.statusCode, one.body).toBe(200);
    expect(JSON.parse((await cardOf(n.l3Card)).package_series_ids)).toEqual([series]);

    // the parent's series is not the sub-agent's to hand out (another agent's series reads as unknown)
    const l2Tries = await bulk(n.l2.admin, { kind: 'set_series', series_id: series, custom_nums: [n.l3Card] });
    expect(l2Tries.statusCode, l2Tries.body).toBe(400);
    expect(l2Tries.json().message).toBe('套餐系列不存在');

    const move = await bulk(n.demoAdmin, { kind: 'move_agent', agent_id: n.l2.id, custom_nums: [n.l3Card] });
    expect(move.statusCode, move.body).toBe(403);
    expect(move.json().message).toBe('代理管理员不能把卡转移到其他代理');
    expect((await cardOf(n.l3Card)).agent_id).toBe(n.l3.id);
  });
});
