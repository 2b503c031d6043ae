// /agent applications decided by the inviting agent (docs/decisions/0076-applications-approved-by-the-inviter.md)
// on SQLite and PostgreSQL: the demo 总代理 → 代理 (l2) → 分销 (l3), and l2's sibling. l2's administrator
// lists the applications through l2 and l3 only; approves one through l2 (a 分销 under l2, its
// login at once) and, as l3's parent, one through l3… which a 分销 cannot take (refused, nothing
// written, still open) so it rejects it. An application through the sibling, the parent or another
// network is refused in words (403) and nothing is written, whatever the decision. The parent
// approving an application through l2 creates the agent under l2, the inviter, not under itself.
import { describe, expect, it } from 'vitest';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { applicationThrough } from './agentApplicationHelpers';
import { databases, useTestApp } from './harness';

const PASSWORD = 'Invite#2026x';
const DECIDE = '/api/admin/agent-applications/decide';

describe.each(databases())('applications decided by the inviting agent on %s', (kind) => {
  const t = useTestApp(kind);

  const idOf = async (mark: string) =>
    (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
  const statusOf = async (id: number) =>
    (await t.db.kysely.selectFrom('agent_applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

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

  const newAgent = (mark: string) => ({
    mark,
    nickname: `${mark}的店`,
    share_bp: 5000,
    admin: { username: `${mark}admin`, display_name: '新代理', password: PASSWORD },
  });

  it('an agent administrator lists, approves and rejects the applications of its subtree; the agent is made under the inviter', async () => {
    const demoAdmin = await loginAs(t, 'agent');
    const demo = await idOf('demo');
    const l2 = await sub(demo, 'inva2', demoAdmin);
    const l3 = await sub(l2.id, 'inva3', l2.admin);
    const sibling = await sub(demo, 'invas', demoAdmin);
    const apps = {
      l2: await applicationThrough(t, l2.id),
      l2Again: await applicationThrough(t, l2.id),
      l3: await applicationThrough(t, l3.id),
      sibling: await applicationThrough(t, sibling.id),
      demo: await applicationThrough(t, demo),
      acme: await applicationThrough(t, await idOf('acme')),
    };

    // the queue: its own agent's and its sub-agents' applications, none of a sibling's, the parent's or another network's
    const listed = await adminGet(t, '/api/admin/agent-applications?status=submitted', l2.admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .data.items.map((a: { id: number }) => a.id)
        .sort(),
    ).toEqual([apps.l2.id, apps.l2Again.id, apps.l3.id].sort());

    const ok = await adminPost(t, DECIDE, { id: apps.l2.id, decision: 'approved', agent: newAgent('inva2new') }, l2.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const made = await t.db.kysely.selectFrom('agents').selectAll().where('mark', '=', 'inva2new').executeTakeFirstOrThrow();
    expect(made).toMatchObject({ parent_id: l2.id, level: 3, share_bp: 5000 });
    expect(ok.json().data).toMatchObject({ status: 'approved', created_agent_id: made.id });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['operator_username', 'target_id'])
      .where('action', '=', 'agent_application.approved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.operator_username).toBe('inva2admin');
    // its administrator signs in at once
    expect((await adminLogin(t, 'inva2newadmin', PASSWORD)).statusCode).toBe(200);

    // through l3, a 分销: it cannot take a sub-agent — refused in words, nothing written, still open; then rejected
    let before = await t.snapshot();
    const deep = await adminPost(t, DECIDE, { id: apps.l3.id, decision: 'approved', agent: newAgent('inva4new') }, l2.admin);
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json().message).toMatch(/分销不能再发展下级/);
    expect(await t.snapshot()).toEqual(before);
    const rejected = await adminPost(t, DECIDE, { id: apps.l3.id, decision: 'rejected', reason: '分销不再发展下级' }, l2.admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(apps.l3.id)).toBe('rejected');

    // the parent approves an application through l2: the agent is l2's sub-agent, the inviter's, not demo's
    const byParent = await adminPost(
      t,
      DECIDE,
      { id: apps.l2Again.id, decision: 'approved', agent: { ...newAgent('inva2b'), admin: null } },
      demoAdmin,
    );
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(
      await t.db.kysely.selectFrom('agents').select(['parent_id', 'level']).where('mark', '=', 'inva2b').executeTakeFirstOrThrow(),
    ).toEqual({
      parent_id: l2.id,
      level: 3,
    });

    // outside the subtree: the sibling's, the parent's, another network's — 403 in words, nothing written, whatever the decision
    before = await t.snapshot();
    for (const outside of [apps.sibling, apps.demo, apps.acme])
      for (const body of [
        { id: outside.id, decision: 'approved', agent: newAgent(`out${outside.id}`) },
        { id: outside.id, decision: 'rejected', reason: '不在本代理范围' },
        { id: outside.id, decision: 'in_review', reason: '' },
      ]) {
        const res = await adminPost(t, DECIDE, body, l2.admin);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('只能审核经本代理或其下级代理提交的代理申请');
      }
    // the 分销's administrator: not its parent's application either
    const up = await adminPost(t, DECIDE, { id: apps.l2Again.id, decision: 'rejected', reason: '越级' }, l3.admin);
    expect(up.statusCode, up.body).toBe(403);
    expect(await t.snapshot()).toEqual(before);
    for (const outside of [apps.sibling, apps.demo, apps.acme]) expect(await statusOf(outside.id)).toBe('submitted');

    // an id that does not exist is not found, as before
    expect((await adminPost(t, DECIDE, { id: 999_999, decision: 'rejected', reason: '申请编号有误' }, l2.admin)).statusCode).toBe(404);
  });
});
