// The console's card import (docs/decisions/0018): a dry run with an error per row, commit as one batch,
// 5,000 rows, undo while unused and refused once a card is used, XLSX. Every change audited. SQLite and
// PostgreSQL.
import { describe, expect, it } from 'vitest';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';
import { HEADER, iccid, csv, xlsx, audits } from './adminCardsHelpers';

describe.each(databases())('console card import on %s', (kind) => {
  const t = useTestApp(kind);

  describe('import', () => {
    it('dry-runs with an error per bad row and writes nothing; refuses to commit it; commits the fixed file; undoes it', async () => {
      const admin = await loginAs(t, 'admin');
      const bad = csv([
        `3000000001,${iccid(1)},1440300000001,中国联通,1,demo`,
        `3000000002,${iccid(2).slice(0, -1)}${(Number(iccid(2).slice(-1)) + 1) % 10},,2,1,demo`,
        `3000000001,${iccid(3)},,2,1,demo`,
        `1000000001,${iccid(4)},,2,1,demo`,
        `3000000005,${iccid(5)},,2,99,demo`,
        `3000000006,123,,2,1,demo`,
        `3000000007,${iccid(7)},,2,1,nobody`,
      ]);
      const before = await t.snapshot();
      const dry = await adminPost(t, '/api/admin/card-imports/dry-run', bad, admin);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data).toMatchObject({ total: 7, valid: 1 });
      expect(dry.json().data.errors.map(({ row, custom_num, message }: Record<string, unknown>) => ({ row, custom_num, message }))).toEqual(
        [
          { row: 3, custom_num: '3000000002', message: 'ICCID 校验位错误' },
          { row: 4, custom_num: '3000000001', message: '卡号与第 2 行重复' },
          { row: 5, custom_num: '1000000001', message: '卡号已存在' },
          { row: 6, custom_num: '3000000005', message: '未知的套餐系列：99' },
          { row: 7, custom_num: '3000000006', message: 'ICCID 应为 19–20 位（当前 3 位）' },
          { row: 8, custom_num: '3000000007', message: '未知的代理：nobody' },
        ],
      );
      const refused = await adminPost(t, '/api/admin/card-imports', { ...bad, reason: '新到货' }, admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('文件有 6 行错误，请先试导入并修正后再导入');
      expect(await t.snapshot()).toEqual(before);

      const good = csv([`3000000001,${iccid(1)},1440300000001,中国联通,1,demo`, `3000000002,${iccid(2)},,2,1,demo`]);
      expect((await adminPost(t, '/api/admin/card-imports/dry-run', good, admin)).json().data).toMatchObject({
        total: 2,
        valid: 2,
        errors: [],
      });
      const done = await adminPost(t, '/api/admin/card-imports', { ...good, reason: '新到货' }, admin);
      expect(done.statusCode, done.body).toBe(200);
      const batch = done.json().data;
      expect(batch).toMatchObject({ card_count: 2, file_name: 'cards.csv', reason: '新到货', undone_at: null, operator_username: 'admin' });
      const found = (await adminGet(t, '/api/admin/cards?number=300000000', admin)).json().data.items;
      expect(found.map((c: { custom_num: string; import_batch_id: number }) => [c.custom_num, c.import_batch_id])).toEqual([
        ['3000000002', batch.id],
        ['3000000001', batch.id],
      ]);
      expect((await audits(t, 'cards.import')).at(-1)).toMatchObject({ target_id: String(batch.id), reason: '新到货' });
      // the same file again: every row already present
      expect(
        (await adminPost(t, '/api/admin/card-imports/dry-run', good, admin)).json().data.errors.map((e: { message: string }) => e.message),
      ).toEqual(['卡号已存在；ICCID 已存在', '卡号已存在；ICCID 已存在']);
      expect((await adminGet(t, '/api/admin/card-imports', admin)).json().data.items[0].id).toBe(batch.id);

      // undo needs a reason; then removes the cards
      expect((await adminPost(t, '/api/admin/card-imports/undo', { batch_id: batch.id, reason: '' }, admin)).json().message).toBe(
        '撤销原因至少 2 个字',
      );
      const undone = await adminPost(t, '/api/admin/card-imports/undo', { batch_id: batch.id, reason: '导错了' }, admin);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().data.undone_at).not.toBeNull();
      expect((await adminGet(t, '/api/admin/cards?number=300000000', admin)).json().data.items).toEqual([]);
      expect((await audits(t, 'cards.import_undone')).at(-1)).toMatchObject({ reason: '导错了' });
      expect((await adminPost(t, '/api/admin/card-imports/undo', { batch_id: batch.id, reason: '再撤一次' }, admin)).json().message).toBe(
        '该批次已撤销',
      );
    });

    it('refuses to undo a batch once one of its cards is used, naming it', async () => {
      const admin = await loginAs(t, 'admin');
      const file = csv([`3100000001,${iccid(11)},,2,1,demo`, `3100000002,${iccid(12)},,2,1,demo`]);
      const batch = (await adminPost(t, '/api/admin/card-imports', { ...file, reason: '新到货' }, admin)).json().data;
      const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '3100000002').executeTakeFirstOrThrow();
      const user = await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('card_bindings')
        .values({ user_id: user.id, card_id: card.id, remark: '', created_at: new Date().toISOString() })
        .execute();
      const res = await adminPost(t, '/api/admin/card-imports/undo', { batch_id: batch.id, reason: '导错了' }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('该批次有 1 张卡已被使用，不能撤销：3100000002');
      expect(await t.db.kysely.selectFrom('cards').select('id').where('import_batch_id', '=', batch.id).execute()).toHaveLength(2);
    });

    it('says every problem of a row, takes the names people write for a carrier, and lists what is accepted', async () => {
      const admin = await loginAs(t, 'admin');
      const dry = await adminPost(
        t,
        '/api/admin/card-imports/dry-run',
        csv([`3400000001,${iccid(41)},,联通,1,demo`, `3400000002,${iccid(42)},,CUCC,1,demo`, `34,123,,移不动,1,nobody`]),
        admin,
      );
      expect(dry.statusCode, dry.body).toBe(200);
      const data = dry.json().data;
      expect(data).toMatchObject({ total: 3, valid: 2, notices: [] });
      expect(data.preview.map((p: { supplier: number }) => p.supplier)).toEqual([2, 2]);
      expect(data.errors[0].problems).toHaveLength(4);
      expect(data.errors[0].problems[0]).toBe('卡号应为 6–20 位数字');
      expect(data.errors[0].problems[2]).toMatch(/^未知的运营商：移不动（可填：中国移动\/移动\/CMCC\/1、中国联通\/联通\/CUCC\/2/);
      // the template lists them too, in a note row the import skips
      const tmpl = (await adminGet(t, '/api/admin/card-imports/template', admin)).body.replace(/^\uFEFF/, '');
      expect(tmpl.split('\r\n')[1]).toContain('中国联通/联通/CUCC/2');
      const again = await adminPost(
        t,
        '/api/admin/card-imports/dry-run',
        { file_name: 'tpl.csv', content_base64: Buffer.from(tmpl).toString('base64') },
        admin,
      );
      expect(again.json().data).toMatchObject({ total: 2, valid: 2, errors: [] });
    });

    it("puts an agent administrator's import into their agent; another agent's batch is not found", async () => {
      const agent = await loginAs(t, 'agent');
      // the dry run says so before the import: the file named another agent
      const told = await adminPost(t, '/api/admin/card-imports/dry-run', csv([`3200000001,${iccid(21)},,2,1,acme`]), agent);
      expect(told.json().data).toMatchObject({
        valid: 1,
        errors: [],
        notices: [{ row: 2, custom_num: '3200000001', message: '代理标识 acme 不是导入的代理：该行按代理 demo 导入' }],
      });
      const res = await adminPost(t, '/api/admin/card-imports', { ...csv([`3200000001,${iccid(21)},,2,1,acme`]), reason: '新到货' }, agent);
      expect(res.statusCode, res.body).toBe(200);
      const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
      expect(res.json().data.agent_id).toBe(demo);
      const admin = await loginAs(t, 'admin');
      const adminBatch = (
        await adminPost(t, '/api/admin/card-imports', { ...csv([`3200000002,${iccid(22)},,3,3,acme`]), reason: '新到货' }, admin)
      ).json().data;
      expect((await adminPost(t, '/api/admin/card-imports/undo', { batch_id: adminBatch.id, reason: '导错了' }, agent)).statusCode).toBe(
        404,
      );
      expect((await adminGet(t, '/api/admin/card-imports', agent)).json().data.items.map((b: { id: number }) => b.id)).not.toContain(
        adminBatch.id,
      );
    });

    it('reads an XLSX file', async () => {
      const admin = await loginAs(t, 'admin');
      const file = xlsx([
        HEADER.split(','),
        ['3300000001', iccid(31), '1440330000001', '中国联通', '1', 'demo'],
        ['3300000002', '123', '', '2', '1', 'demo'],
      ]);
      const res = await adminPost(t, '/api/admin/card-imports/dry-run', file, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        total: 2,
        valid: 1,
        errors: [
          {
            row: 3,
            custom_num: '3300000002',
            message: 'ICCID 应为 19–20 位（当前 3 位）',
            cells: ['3300000002', '123', '', '2', '1', 'demo'],
          },
        ],
      });
      expect(res.json().data.preview[0]).toMatchObject({ custom_num: '3300000001', iccid: iccid(31), supplier: 2 });
      const notXlsx = await adminPost(
        t,
        '/api/admin/card-imports/dry-run',
        { file_name: 'a.xlsx', content_base64: Buffer.from('hello').toString('base64') },
        admin,
      );
      expect(notXlsx.json().message).toBe('文件不是有效的 XLSX 表格');
    });

    it('takes 5,000 rows in one batch', async () => {
      const admin = await loginAs(t, 'admin');
      const lines = Array.from({ length: 5000 }, (_, i) => `${4000000000 + i},${iccid(100_000 + i)},,2,1,demo`);
      const file = csv(lines);
      const dry = await adminPost(t, '/api/admin/card-imports/dry-run', file, admin);
      expect(dry.json().data).toMatchObject({ total: 5000, valid: 5000, errors: [] });
      const done = await adminPost(t, '/api/admin/card-imports', { ...file, reason: '五千张' }, admin);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.card_count).toBe(5000);
      const n = await t.db.kysely
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('import_batch_id', '=', done.json().data.id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(5000);
      // (5,000 scrypt hashes on libuv's threads and 5,000 rows: 14 s alone; over 60 s once in a run
      // with another whole suite beside it. A capacity test, not a timed one: the bench says how fast)
    }, 180_000);

    it('refuses other files with clear messages', async () => {
      const admin = await loginAs(t, 'admin');
      const post = (body: unknown) => adminPost(t, '/api/admin/card-imports/dry-run', body, admin);
      expect((await post({ file_name: 'a.txt', content_base64: 'YQ==' })).json().message).toBe('只支持 CSV 或 XLSX 文件');
      expect((await post({ file_name: 'a.csv', content_base64: Buffer.from(HEADER).toString('base64') })).json().message).toBe(
        '文件中没有数据',
      );
      const many = Array.from({ length: 20_001 }, (_, i) => `${5000000000 + i}`).join('\n');
      expect((await post({ file_name: 'a.csv', content_base64: Buffer.from(many).toString('base64') })).json().message).toBe(
        '一次最多导入 20000 行，请拆分文件',
      );
      const gbk = Buffer.from([0xbf, 0xa8, 0xba, 0xc5, 0x0a, 0x31]);
      expect((await post({ file_name: 'a.csv', content_base64: gbk.toString('base64') })).json().message).toBe(
        'CSV 文件需为 UTF-8 编码（Excel 另存为“CSV UTF-8”）',
      );
      const tmpl = await adminGet(t, '/api/admin/card-imports/template', admin);
      expect(tmpl.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(`${HEADER},运营商账号,IMSI`);
    });
  });
});
