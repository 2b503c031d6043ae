// The console's cards area (docs/decisions/0018): search (filters, agent scope, keyset paging, bad input),
// export, a card's story (masked, scoped), import (dry run with an error per row, commit as one
// batch, 5,000 rows, undo while unused and refused once a card is used, XLSX), and bulk jobs
// with some failing cards. Every change audited. SQLite and PostgreSQL.
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chinaDateTimeSeconds } from '@portal/domain/csv';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识';

/** A valid ICCID for a serial number. */
function iccid(n: number): string {
  const body = `8986011${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
}

function csv(lines: string[]): { file_name: string; content_base64: string } {
  return { file_name: 'cards.csv', content_base64: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64') };
}

/** A minimal XLSX (one sheet of inline strings), as Excel writes the parts read-excel-file needs. */
function xlsx(rows: string[][]): { file_name: string; content_base64: string } {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((c, j) => `<c r="${col(j)}${i + 1}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`).join('')}</row>`,
    )
    .join('')}</sheetData></worksheet>`;
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  };
  return { file_name: 'cards.xlsx', content_base64: Buffer.from(zipSync(files)).toString('base64') };
}

async function audits(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

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
    }, 60_000);

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
