// A parent agent imports cards straight into one of its sub-agents (docs/decisions/0067-agents-in-levels.md):
// 导入到 names the owner of every row; the sub-agent's cards may carry its parent's series; an agent
// outside the operator's subtree (the parent's parent, a sibling, another network) is refused in
// Chinese with a 4xx and nothing written. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识';
const iccid = (n: number) => {
  const body = `8986011${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
};
const csv = (lines: string[]) => ({
  file_name: 'cards.csv',
  content_base64: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64'),
});

describe.each(databases())('a parent imports into its sub-agent on %s', (kind) => {
  const t = useTestApp(kind);

  async function idOf(mark: string) {
    return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
  }

  async function sub(
    parent: string,
    mark: string,
    cookie: string,
    admin: { username: string; display_name: string; password: string } | null = null,
  ) {
    const res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      { parent_id: await idOf(parent), mark, nickname: `下级${mark}`, share_bp: 6000, admin, reason: '发展下级代理' },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }

  async function expectRefused(res: { statusCode: number; body: string }, before: Record<string, number>, message: RegExp) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((JSON.parse(res.body) as { message: string }).message).toMatch(message);
    expect(await t.snapshot()).toEqual(before);
  }

  it('the demo administrator imports into its 代理 and its 分销, with the parent’s series', async () => {
    const demoAdmin = await loginAs(t, 'agent');
    const l2 = await sub('demo', 'imp2', demoAdmin);
    const l3 = await sub('imp2', 'imp3', demoAdmin);
    // series 1 is demo's: its sub-agents sell it (the file's 代理标识 is ignored: 导入到 decides)
    const tried = await adminPost(
      t,
      '/api/admin/card-imports/dry-run',
      { ...csv([`3300000001,${iccid(31)},,2,1,demo`]), agent_id: l2 },
      demoAdmin,
    );
    expect(tried.json().data, tried.body).toMatchObject({
      valid: 1,
      errors: [],
      notices: [{ row: 2, custom_num: '3300000001', message: '代理标识 demo 不是导入的代理：该行按代理 imp2 导入' }],
    });
    const res = await adminPost(
      t,
      '/api/admin/card-imports',
      { ...csv([`3300000001,${iccid(31)},,2,1,`]), agent_id: l2, reason: '给二级代理' },
      demoAdmin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.agent_id).toBe(l2);
    const deep = await adminPost(
      t,
      '/api/admin/card-imports',
      { ...csv([`3300000002,${iccid(32)},,2,1,`]), agent_id: l3, reason: '给分销' },
      demoAdmin,
    );
    expect(deep.statusCode, deep.body).toBe(200);
    const cards = await t.db.kysely
      .selectFrom('cards')
      .select(['custom_num', 'agent_id'])
      .where('custom_num', 'in', ['3300000001', '3300000002'])
      .orderBy('custom_num')
      .execute();
    expect(cards).toEqual([
      { custom_num: '3300000001', agent_id: l2 },
      { custom_num: '3300000002', agent_id: l3 },
    ]);
  });

  it('an agent outside the subtree — its parent, another network, one that does not exist — is refused, nothing written', async () => {
    const demoAdmin = await loginAs(t, 'agent');
    const l2 = await sub('demo', 'imp2b', demoAdmin, { username: 'imp2badmin', display_name: '二级管理员', password: 'Level#2026x' });
    const acme = await idOf('acme');
    const demo = await idOf('demo');
    const before = await t.snapshot();
    // the demo administrator into acme
    await expectRefused(
      await adminPost(
        t,
        '/api/admin/card-imports',
        { ...csv([`3300000011,${iccid(41)},,2,3,`]), agent_id: acme, reason: '导入' },
        demoAdmin,
      ),
      before,
      /只能导入到您的代理或其下级代理/,
    );
    await expectRefused(
      await adminPost(t, '/api/admin/card-imports/dry-run', { ...csv([`3300000011,${iccid(41)},,2,3,`]), agent_id: 999999 }, demoAdmin),
      before,
      /只能导入到您的代理或其下级代理/,
    );
    // the sub-agent's administrator cannot import into its parent
    const subAdmin = cookieOf(await adminLogin(t, 'imp2badmin', 'Level#2026x'));
    const after = await t.snapshot();
    await expectRefused(
      await adminPost(
        t,
        '/api/admin/card-imports',
        { ...csv([`3300000012,${iccid(42)},,2,1,`]), agent_id: demo, reason: '导入' },
        subAdmin,
      ),
      after,
      /只能导入到您的代理或其下级代理/,
    );
    // a series of another network: a row error, the whole file refused
    await expectRefused(
      await adminPost(t, '/api/admin/card-imports', { ...csv([`3300000013,${iccid(43)},,2,3,`]), agent_id: l2, reason: '导入' }, demoAdmin),
      after,
      /行错误/,
    );
  });
});
