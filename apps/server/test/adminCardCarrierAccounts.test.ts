// Cards onto carrier accounts from the console (docs/decisions/0030): a card import names each card's account
// in its 运营商账号 column (empty: the simulator account, as before), checked per row in the dry run
// (an unknown or disabled account is a row error naming the accounts accepted, nothing written);
// only the simulator account's cards get a simulated line. The bulk job 移至运营商账号 moves cards to
// an enabled account, each move audited with the account names before and after; a card already
// there is skipped with its reason; the platform's call only (an agent administrator: 403); bad
// input writes nothing. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@portal/contract/admin';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识,运营商账号';

function iccid(n: number): string {
  const body = `8986033${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
}

function csv(lines: string[]): { file_name: string; content_base64: string } {
  return { file_name: 'cards.csv', content_base64: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64') };
}

async function addAccount(t: TestApp, name: string, enabled = 1): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db.kysely
    .insertInto('carrier_accounts')
    .values({ name, carrier: 'ctwing', enabled, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function cardOf(t: TestApp, num: string) {
  return t.db.kysely
    .selectFrom('cards')
    .select(['id', 'carrier_account_id', 'sync_wanted_at', 'agent_id'])
    .where('custom_num', '=', num)
    .executeTakeFirst();
}

async function simLine(t: TestApp, num: string) {
  return t.db.kysely.selectFrom('sim_lines').select('custom_num').where('custom_num', '=', num).executeTakeFirst();
}

async function audits(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

/** Every table's rows, with the console's own that the harness's snapshot does not count. */
async function written(t: TestApp) {
  const count = async (table: 'bulk_jobs' | 'bulk_job_items' | 'card_import_batches') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ...(await t.snapshot()),
    bulk_jobs: await count('bulk_jobs'),
    bulk_job_items: await count('bulk_job_items'),
    card_import_batches: await count('card_import_batches'),
  };
}

describe.each(databases())('cards onto carrier accounts on %s', (kind) => {
  const t = useTestApp(kind);
  let ctA = 0;
  let ctOff = 0;

  it('offers the enabled accounts; the template names the column', async () => {
    ctA = await addAccount(t, 'ct-a');
    ctOff = await addAccount(t, 'ct-off', 0);
    const admin = await loginAs(t, 'admin');
    const choices = await adminGet(t, '/api/admin/card-imports/carrier-accounts', admin);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().data.items).toEqual([
      { id: 1, name: 'simulator', carrier: 'simulator', carrier_label: '模拟器', default: true },
      { id: ctA, name: 'ct-a', carrier: 'ctwing', carrier_label: '中国电信 5G CMP（CTWing）', default: false },
    ]);
    expect((await adminGet(t, '/api/admin/card-imports/carrier-accounts', await loginAs(t, 'support'))).statusCode).toBe(403);
    const tmpl = await adminGet(t, '/api/admin/card-imports/template', admin);
    expect(tmpl.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(`${HEADER},IMSI`);
    expect(IMPORT_COLUMNS.join(',')).toBe(`${HEADER},IMSI`);
  });

  it('checks the account of each row: an unknown or disabled one is a row error naming the accepted, nothing written', async () => {
    const admin = await loginAs(t, 'admin');
    const file = csv([
      `6100000001,${iccid(1)},,2,1,demo,`,
      `6100000002,${iccid(2)},,2,1,demo,ct-a`,
      `6100000003,${iccid(3)},,2,1,demo,nobody`,
      `6100000004,${iccid(4)},,2,1,demo,ct-off`,
    ]);
    const before = await written(t);
    const dry = await adminPost(t, '/api/admin/card-imports/dry-run', file, admin);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ total: 4, valid: 2 });
    expect(dry.json().data.errors.map(({ row, custom_num, message }: Record<string, unknown>) => ({ row, custom_num, message }))).toEqual([
      { row: 4, custom_num: '6100000003', message: '未知的运营商账号：nobody（可选：simulator、ct-a）' },
      { row: 5, custom_num: '6100000004', message: '运营商账号 ct-off 已停用（可选：simulator、ct-a）' },
    ]);
    expect(
      dry
        .json()
        .data.preview.map((p: { custom_num: string; carrier_account_id: number; carrier_account: string }) => [
          p.custom_num,
          p.carrier_account_id,
          p.carrier_account,
        ]),
    ).toEqual([
      ['6100000001', 1, 'simulator'],
      ['6100000002', ctA, 'ct-a'],
    ]);
    const refused = await adminPost(t, '/api/admin/card-imports', { ...file, reason: '新到货' }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('文件有 2 行错误，请先试导入并修正后再导入');
    expect(await written(t)).toEqual(before);
  });

  it('puts each card on its account; only the simulator account’s cards get a simulated line', async () => {
    const admin = await loginAs(t, 'admin');
    // a file of the old six columns, a row with the cell empty, and one naming a real account
    const old = {
      file_name: 'old.csv',
      content_base64: Buffer.from(`卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识\r\n6200000001,${iccid(11)},,2,1,demo\r\n`).toString(
        'base64',
      ),
    };
    expect((await adminPost(t, '/api/admin/card-imports', { ...old, reason: '旧模板' }, admin)).statusCode).toBe(200);
    const file = csv([`6200000002,${iccid(12)},,2,1,demo,`, `6200000003,${iccid(13)},,2,1,demo,ct-a`]);
    const done = await adminPost(t, '/api/admin/card-imports', { ...file, reason: '新到货' }, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect((await cardOf(t, '6200000001'))!.carrier_account_id).toBe(1);
    expect((await cardOf(t, '6200000002'))!.carrier_account_id).toBe(1);
    expect((await cardOf(t, '6200000003'))!.carrier_account_id).toBe(ctA);
    expect(await simLine(t, '6200000001')).toBeTruthy();
    expect(await simLine(t, '6200000002')).toBeTruthy();
    expect(await simLine(t, '6200000003')).toBeUndefined();
    const audit = (await audits(t, 'cards.import')).at(-1)!;
    expect(JSON.parse(audit.after)).toMatchObject({ cards: 2, carrier_accounts: { simulator: 1, 'ct-a': 1 } });

    // an agent administrator: any enabled account (no account belongs to an agent yet)
    const agent = await loginAs(t, 'agent');
    const theirs = await adminPost(
      t,
      '/api/admin/card-imports',
      { ...csv([`6200000004,${iccid(14)},,2,1,demo,ct-a`]), reason: '到货' },
      agent,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await cardOf(t, '6200000004'))!.carrier_account_id).toBe(ctA);
  });

  it('moves cards to an account: moved, skipped when already there, audited with the names', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/bulk-jobs',
      {
        kind: 'move_carrier_account',
        custom_nums: ['6200000001', '6200000003', '9999999999'],
        reason: '迁往电信平台',
        carrier_account_id: ctA,
      },
      admin,
    );
    expect(res.json().data).toMatchObject({
      kind: 'move_carrier_account',
      kind_label: '移至运营商账号',
      params: { carrier_account_id: ctA, carrier_account_name: 'ct-a' },
    });
    const job = await finishedJob(t, admin, res);
    expect(job).toMatchObject({ status: 'done', total: 3, ok_count: 1, failed_count: 2 });
    const detail = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}`, admin)).json().data;
    expect(detail.items.map((i: { custom_num: string; status: string; message: string }) => [i.custom_num, i.status, i.message])).toEqual([
      ['6200000001', 'ok', '成功'],
      ['6200000003', 'failed', '已在该运营商账号，跳过'],
      ['9999999999', 'failed', '卡号不存在'],
    ]);
    const moved = (await cardOf(t, '6200000001'))!;
    expect(moved.carrier_account_id).toBe(ctA);
    // the sync engine's next round reads it from its new account
    expect(moved.sync_wanted_at).not.toBe('');
    const rows = (await audits(t, 'card.carrier_account_moved')).filter((r) => JSON.parse(r.before).bulk_job_id === job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_id: '6200000001', reason: '迁往电信平台', operator_username: 'admin' });
    expect(JSON.parse(rows[0]!.before)).toEqual({ carrier_account_id: 1, carrier_account: 'simulator', bulk_job_id: job.id });
    expect(JSON.parse(rows[0]!.after)).toEqual({ carrier_account_id: ctA, carrier_account: 'ct-a' });
    expect(JSON.parse((await audits(t, 'bulk_job.created')).at(-1)!.after)).toMatchObject({ kind: 'move_carrier_account', cards: 3 });

    // back onto the simulator: a card that never had a simulated line gets one
    expect(await simLine(t, '6200000003')).toBeUndefined();
    const back = await finishedJob(
      t,
      admin,
      await adminPost(
        t,
        '/api/admin/bulk-jobs',
        { kind: 'move_carrier_account', custom_nums: ['6200000003'], reason: '回模拟器', carrier_account_id: 1 },
        admin,
      ),
    );
    expect(back).toMatchObject({ ok_count: 1, failed_count: 0 });
    expect((await cardOf(t, '6200000003'))!.carrier_account_id).toBe(1);
    expect(await simLine(t, '6200000003')).toBeTruthy();
  });

  it('refuses other roles and bad input, writing nothing; an account disabled meanwhile moves no card', async () => {
    const admin = await loginAs(t, 'admin');
    const agent = await loginAs(t, 'agent');
    const support = await loginAs(t, 'support');
    const post = (body: object, who: string) => adminPost(t, '/api/admin/bulk-jobs', body, who);
    const move = { kind: 'move_carrier_account', custom_nums: ['6200000002'], reason: '迁移' };
    const before = await written(t);
    const asAgent = await post({ ...move, carrier_account_id: ctA }, agent);
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json().message).toBe('代理管理员不能更改卡的运营商账号');
    expect((await post({ ...move, carrier_account_id: ctA }, support)).statusCode).toBe(403);
    const missing = await post(move, admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请选择运营商账号');
    expect((await post({ ...move, carrier_account_id: 0 }, admin)).json().message).toBe('请选择运营商账号');
    expect((await post({ ...move, carrier_account_id: 'x' }, admin)).statusCode).toBe(400);
    const unknown = await post({ ...move, carrier_account_id: 99_999 }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('运营商账号不存在');
    const off = await post({ ...move, carrier_account_id: ctOff }, admin);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('运营商账号 ct-off 已停用或不可用');
    expect(await written(t)).toEqual(before);
    expect((await cardOf(t, '6200000002'))!.carrier_account_id).toBe(1);

    // asked while enabled, disabled before the runner came: the cards stay, each with the reason
    const asked = await post({ ...move, carrier_account_id: ctA }, admin);
    expect(asked.statusCode, asked.body).toBe(200);
    await t.db.kysely.updateTable('carrier_accounts').set({ enabled: 0 }).where('id', '=', ctA).execute();
    const job = await finishedJob(t, admin, asked);
    expect(job).toMatchObject({ ok_count: 0, failed_count: 1 });
    const detail = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}`, admin)).json().data;
    expect(detail.items[0]).toMatchObject({ custom_num: '6200000002', status: 'failed', message: '目标运营商账号已停用或不可用' });
    expect((await cardOf(t, '6200000002'))!.carrier_account_id).toBe(1);
    await t.db.kysely.updateTable('carrier_accounts').set({ enabled: 1 }).where('id', '=', ctA).execute();
  });
});
