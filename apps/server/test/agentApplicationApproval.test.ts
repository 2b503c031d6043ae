// An /agent application approved in the console becomes a sub-agent of the agent it applied through
// (docs/decisions/0067-agents-in-levels.md), by the same writer as 新建下级代理: the parent's branding,
// its administrator login at once, the level below the inviter. Under a 分销 (the third level) the
// approval is refused in Chinese and writes nothing; a second approval of the same application
// makes no second agent. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { applicationThrough } from './agentApplicationHelpers';
import { databases, useTestApp } from './harness';

const PASSWORD = 'Level#2026x';
const DECIDE = '/api/admin/agent-applications/decide';

describe.each(databases())('an approved /agent application on %s', (kind) => {
  const t = useTestApp(kind);

  async function subAgentOf(parentMark: string, mark: string, cookie: string) {
    const parent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', parentMark).executeTakeFirstOrThrow();
    const res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      { parent_id: parent.id, mark, nickname: `下级${mark}`, share_bp: 6000, reason: '发展下级代理' },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; level: number };
  }

  it('becomes a sub-agent of the inviting agent with its administrator login; once, however often approved', async () => {
    const admin = await loginAs(t, 'admin');
    const l2 = await subAgentOf('demo', 'inv2a', await loginAs(t, 'agent'));
    const app = await applicationThrough(t, l2.id);
    const newAgent = {
      mark: 'fromapp1',
      nickname: '李新代的店',
      share_bp: 5000,
      admin: { username: 'fromapp1admin', display_name: '李新代', password: PASSWORD },
    };
    const ok = await adminPost(t, DECIDE, { id: app.id, decision: 'approved', agent: newAgent }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const created = await t.db.kysely.selectFrom('agents').selectAll().where('mark', '=', 'fromapp1').executeTakeFirstOrThrow();
    expect(created).toMatchObject({ parent_id: l2.id, level: 3, share_bp: 5000, nickname: '李新代的店', apply_name: '畅联流量卡自助服务' });
    expect(ok.json().data).toMatchObject({ status: 'approved', created_agent_id: created.id });
    const seen = (await t.inject({ method: 'POST', url: '/api/v2/agent_applications/lookup', payload: { key: app.key } })).json().data;
    expect(seen.application).toMatchObject({ status: 'approved' });

    // its administrator signs in and sees its own agent only
    const own = cookieOf(await adminLogin(t, 'fromapp1admin', PASSWORD));
    const list = (await adminGet(t, '/api/admin/agents', own)).json().data.items as { id: number }[];
    expect(list.map((a) => a.id)).toEqual([created.id]);
    // the inviter's administrator… and the top agent's see it in their subtree
    const demoList = (await adminGet(t, '/api/admin/agents', await loginAs(t, 'agent'))).json().data.items as { id: number }[];
    expect(demoList.map((a) => a.id)).toContain(created.id);

    // approving again makes nothing new
    const before = await t.snapshot();
    const again = await adminPost(
      t,
      DECIDE,
      { id: app.id, decision: 'approved', agent: { ...newAgent, mark: 'fromapp1b', admin: null } },
      admin,
    );
    expect(again.statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  it('under a 分销 (a fourth level) or without the new agent named: refused in Chinese, nothing written', async () => {
    const admin = await loginAs(t, 'admin');
    const l2 = await subAgentOf('demo', 'inv2b', await loginAs(t, 'agent'));
    const parentMark = (await t.db.kysely.selectFrom('agents').select('mark').where('id', '=', l2.id).executeTakeFirstOrThrow()).mark;
    const l3 = await subAgentOf(parentMark, 'inv3b', admin);
    expect(l3.level).toBe(3);
    const app = await applicationThrough(t, l3.id);
    const underL2 = await applicationThrough(t, l2.id);
    const before = await t.snapshot();

    const deep = await adminPost(
      t,
      DECIDE,
      {
        id: app.id,
        decision: 'approved',
        agent: {
          mark: 'toodeep1',
          nickname: '第四级',
          share_bp: 5000,
          admin: { username: 'toodeep1admin', display_name: '四级', password: PASSWORD },
        },
      },
      admin,
    );
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json().message).toMatch(/代理最多 3 级.*分销不能再发展下级/);

    const unnamed = await adminPost(t, DECIDE, { id: app.id, decision: 'approved' }, admin);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/通过申请须填写新代理/);

    const taken = await adminPost(
      t,
      DECIDE,
      { id: underL2.id, decision: 'approved', agent: { mark: 'demo', nickname: '重名', share_bp: 5000 } },
      admin,
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toMatch(/已被使用/);

    expect(await t.snapshot()).toEqual(before);
    // still open: it may be approved another way or rejected
    const rows = await t.db.kysely.selectFrom('agent_applications').select('status').where('id', 'in', [app.id, underL2.id]).execute();
    expect(rows.map((r) => r.status)).toEqual(['submitted', 'submitted']);
  });
});
