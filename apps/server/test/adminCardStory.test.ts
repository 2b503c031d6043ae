// A card found by any of its identifiers and acted on from its story
// (docs/decisions/0042-console-sees-as-holder.md): search by card number, ICCID, MSISDN and IMSI, by
// their last 4–8 digits and by a pasted list (with the numbers not found); 卡片档案 opened by any
// identifier; an agent administrator never finds another agent's card by any of them. The story's
// actions by role, with a reason, audited; bad input answers 4xx in Chinese and writes nothing.
// The suffix search is served by the reversed columns' indexes (EXPLAIN). SQLite and PostgreSQL.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cardRecord } from '../src/modules/cardRecord';
import { numberMatches } from '../src/modules/admin/cards/searchRepo';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const IMSI = '460011234500001';

async function cardRow(t: TestApp, num: string) {
  return t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
}
async function audits(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}
const nums = (res: { json(): { data: { items: { custom_num: string }[] } } }) => res.json().data.items.map((c) => c.custom_num);

describe.each(databases())('a card by any identifier, and its story’s actions, on %s', (kind) => {
  const t = useTestApp(kind);

  async function withImsi() {
    const c = await cardRow(t, '1000000001');
    await cardRecord.setImsi(t.db.kysely, c.id, IMSI);
    return cardRow(t, '1000000001');
  }

  describe('search', () => {
    it('finds a card by its card number, ICCID, MSISDN and IMSI, whole or by their beginning', async () => {
      const c = await withImsi();
      const admin = await loginAs(t, 'admin');
      for (const n of [c.custom_num, c.iccid, c.isdn, IMSI, IMSI.slice(0, 10)]) {
        const r = await adminGet(t, `/api/admin/cards?number=${n}`, admin);
        expect(r.statusCode, n).toBe(200);
        expect(nums(r), n).toContain('1000000001');
      }
      const row = (await adminGet(t, `/api/admin/cards?number=${IMSI}`, admin)).json().data.items[0];
      expect(row.imsi).toBe(IMSI);
    });

    it('finds a card by the last 4–8 digits of any identifier, and not by 3 or 9', async () => {
      const c = await withImsi();
      const admin = await loginAs(t, 'admin');
      for (const n of [c.iccid.slice(-4), c.iccid.slice(-8), c.isdn.slice(-6), IMSI.slice(-5), c.custom_num.slice(-4)]) {
        expect(nums(await adminGet(t, `/api/admin/cards?number=${n}&limit=100`, admin)), n).toContain('1000000001');
      }
      // 9 trailing characters are no suffix search (a holder reads out at most 8): nothing starts with them
      expect(nums(await adminGet(t, `/api/admin/cards?number=${IMSI.slice(-9)}`, admin))).toEqual([]);
      expect(numberMatches('123').length).toBe(4);
      expect(numberMatches('1234').map(([, p]) => p)).toContain('4321');
    });

    it('finds a pasted list of numbers, mixed identifiers, and names the ones not found', async () => {
      const c = await withImsi();
      const admin = await loginAs(t, 'admin');
      const two = await cardRow(t, '1000000002');
      const r = await adminPost(
        t,
        '/api/admin/cards/lookup',
        { numbers: `${c.iccid}\n${two.isdn}, ${IMSI}\n999999999999\n${c.iccid}\n1000000014` },
        admin,
      );
      expect(r.statusCode).toBe(200);
      const d = r.json().data;
      expect(d.items.map((x: { custom_num: string }) => x.custom_num).sort()).toEqual(['1000000001', '1000000002', '1000000014']);
      expect(d.not_found).toEqual(['999999999999']);
      expect(d.asked).toBe(5);
    });

    it('takes a list of 1,000 and refuses 1,001 and bad numbers in Chinese', async () => {
      const admin = await loginAs(t, 'admin');
      const list = Array.from({ length: 1000 }, (_, i) => String(5_000_000_000 + i));
      const ok = await adminPost(t, '/api/admin/cards/lookup', { numbers: ['1000000001', ...list.slice(1)].join('\n') }, admin);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.not_found).toHaveLength(999);
      const many = await adminPost(t, '/api/admin/cards/lookup', { numbers: [...list, '5999999999'].join(',') }, admin);
      expect(many.statusCode).toBe(400);
      expect(many.json().message).toContain('一次最多查找 1000 个号码');
      const bad = await adminPost(t, '/api/admin/cards/lookup', { numbers: '1000000001\n12-34' }, admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/号码有误/);
      const empty = await adminPost(t, '/api/admin/cards/lookup', { numbers: ' \n ' }, admin);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('请粘贴号码');
    });

    it('never shows an agent administrator another agent’s card, by any identifier, suffix or list', async () => {
      const acme = await cardRow(t, '1000000014');
      await cardRecord.setImsi(t.db.kysely, acme.id, '460031234500014');
      const agent = await loginAs(t, 'agent');
      for (const n of [acme.custom_num, acme.iccid, acme.isdn, '460031234500014', acme.iccid.slice(-6), '500014']) {
        expect(nums(await adminGet(t, `/api/admin/cards?number=${n}&limit=100`, agent)), n).not.toContain('1000000014');
        const story = await adminGet(t, `/api/admin/cards/story?card=${n}`, agent);
        if (n.length >= 6) expect(story.statusCode, n).toBe(404);
      }
      const list = await adminPost(t, '/api/admin/cards/lookup', { numbers: `${acme.iccid}\n${acme.isdn}\n1000000001` }, agent);
      expect(list.json().data.items.map((x: { custom_num: string }) => x.custom_num)).toEqual(['1000000001']);
      expect(list.json().data.not_found).toEqual([acme.iccid, acme.isdn]);
    });

    it('list rows carry the plan in force with its remaining data and last day, from the line read model', async () => {
      const admin = await loginAs(t, 'admin');
      const row = (await adminGet(t, '/api/admin/cards?number=1000000001', admin)).json().data.items[0];
      const line = (await adminGet(t, '/api/admin/cards/story?card=1000000001', admin)).json().data.line;
      expect(row.plan).not.toBeNull();
      expect(row.plan).toEqual(line.plan);
      expect(nums(await adminGet(t, '/api/admin/cards?number=1000000002', admin))).toEqual(['1000000002']);
      expect((await adminGet(t, '/api/admin/cards?number=1000000002', admin)).json().data.items[0].plan).toBeNull();
    });

    it('serves a suffix from the reversed columns’ indexes (EXPLAIN)', async () => {
      const plan =
        kind === 'sqlite'
          ? (
              await sql<{
                detail: string;
              }>`explain query plan select id from cards where iccid_rev >= '4321' and iccid_rev < '4322'`.execute(t.db.kysely)
            ).rows
              .map((r) => r.detail)
              .join(' ')
          : await t.db.kysely.transaction().execute(async (trx) => {
              // a test table is small enough to read whole; ask whether the index can serve it
              await sql`set local enable_seqscan = off`.execute(trx);
              const r = await sql<{
                'QUERY PLAN': string;
              }>`explain select id from cards where iccid_rev >= '4321' and iccid_rev < '4322'`.execute(trx);
              return r.rows.map((x) => x['QUERY PLAN']).join(' ');
            });
      expect(plan).toMatch(/cards_iccid_rev/);
      // the generated column is the identifier reversed, on both databases
      const c = await cardRow(t, '1000000001');
      expect(c.iccid_rev).toBe([...c.iccid].reverse().join(''));
    });
  });

  describe('卡片档案 by any identifier', () => {
    it('opens the story by ICCID, MSISDN and IMSI', async () => {
      const c = await withImsi();
      const support = await loginAs(t, 'support');
      for (const n of [c.iccid, c.isdn, IMSI]) {
        const r = await adminGet(t, `/api/admin/cards/story?card=${n}`, support);
        expect(r.statusCode, n).toBe(200);
        expect(r.json().data.card.custom_num).toBe('1000000001');
      }
      const unknown = await adminGet(t, '/api/admin/cards/story?card=898600000000000', support);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('卡片不存在');
    });
  });

  describe('actions', () => {
    it('suspends and resumes through the carrier, by role, with a reason, audited', async () => {
      const agent = await loginAs(t, 'agent');
      const support = await loginAs(t, 'support');
      const lineBefore = await t.db.kysely
        .selectFrom('sim_lines')
        .selectAll()
        .where('custom_num', '=', '1000000001')
        .executeTakeFirstOrThrow();
      expect(
        (await adminPost(t, '/api/admin/cards/state', { card: '1000000001', action: 'suspend', reason: '来电停机' }, support)).statusCode,
      ).toBe(403);
      const s = await adminPost(t, '/api/admin/cards/state', { card: '1000000001', action: 'suspend', reason: '来电停机' }, agent);
      expect(s.statusCode, s.body).toBe(200);
      expect(s.json().data.message).toBe('已停机');
      expect((await cardRow(t, '1000000001')).state).toBe(3);
      // asked of the carrier (the simulator's line), the same path a bulk job takes
      const line = await t.db.kysely.selectFrom('sim_lines').selectAll().where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
      expect(line.carrier_status).not.toBe(lineBefore.carrier_status);
      const again = await adminPost(t, '/api/admin/cards/state', { card: '1000000001', action: 'suspend', reason: '来电停机' }, agent);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('已是停机状态');
      const r = await adminPost(t, '/api/admin/cards/state', { card: '1000000001', action: 'resume', reason: '已核实' }, agent);
      expect(r.statusCode).toBe(200);
      expect((await cardRow(t, '1000000001')).state).toBe(1);
      const rows = [...(await audits(t, 'card.suspended')), ...(await audits(t, 'card.resumed'))];
      expect(rows.map((a) => [a.operator_username, a.reason])).toEqual([
        ['agent', '来电停机'],
        ['agent', '已核实'],
      ]);
    });

    it('refuses bad input in Chinese and writes nothing; another agent’s card is not found', async () => {
      const agent = await loginAs(t, 'agent');
      const before = await t.snapshot();
      const cases: [string, unknown, number, RegExp][] = [
        ['/api/admin/cards/state', { card: '1000000001', action: 'suspend', reason: '' }, 400, /原因至少 2 个字/],
        ['/api/admin/cards/state', { card: '1000000001', action: 'stop', reason: '来电停机' }, 400, /请选择停机或复机/],
        ['/api/admin/cards/state', { card: '1000000014', action: 'suspend', reason: '来电停机' }, 404, /卡片不存在/],
        ['/api/admin/cards/series', { card: '1000000001', series_id: 0, reason: '换系列' }, 400, /套餐系列有误/],
        ['/api/admin/cards/series', { card: '1000000001', series_id: 999999, reason: '换系列' }, 400, /套餐系列不存在/],
        ['/api/admin/cards/real-name-remind', { card: '1000000001', reason: '重发' }, 400, /已实名/],
        ['/api/admin/cards/real-name-remind', { card: '1000000014', reason: '重发' }, 404, /卡片不存在/],
      ];
      for (const [url, body, status, message] of cases) {
        const r = await adminPost(t, url, body, agent);
        expect(r.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
        expect(r.json().message).toMatch(message);
      }
      expect(await t.snapshot()).toEqual(before);
      expect((await cardRow(t, '1000000001')).state).toBe(1);
    });

    it('sets a series of the card’s agent only', async () => {
      const admin = await loginAs(t, 'admin');
      const card = await cardRow(t, '1000000001');
      const series = await t.db.kysely.selectFrom('package_series').select(['id', 'agent_id', 'name']).orderBy('id').execute();
      const other = series.find((s) => s.agent_id === card.agent_id && !JSON.parse(card.package_series_ids).includes(s.id))!;
      const foreign = series.find((s) => s.agent_id !== card.agent_id)!;
      const no = await adminPost(t, '/api/admin/cards/series', { card: '1000000001', series_id: foreign.id, reason: '换系列' }, admin);
      expect(no.statusCode).toBe(400);
      expect(no.json().message).toBe('套餐系列不属于该卡的代理');
      const ok = await adminPost(t, '/api/admin/cards/series', { card: '1000000001', series_id: other.id, reason: '换系列' }, admin);
      expect(ok.statusCode).toBe(200);
      expect(JSON.parse((await cardRow(t, '1000000001')).package_series_ids)).toEqual([other.id]);
      const [a] = await audits(t, 'card.series_set');
      expect(a!.reason).toBe('换系列');
      expect(JSON.parse(a!.after!)).toMatchObject({ package_series_ids: [other.id], series_name: other.name });
    });

    it('resends the real-name link by SMS to the holder, masked in the audit', async () => {
      const support = await loginAs(t, 'support');
      const r = await adminPost(t, '/api/admin/cards/real-name-remind', { card: '1000000003', reason: '持卡人说没收到' }, support);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.message).toMatch(/实名认证链接已发送至 138\*\*\*\*8000/);
      const sms = await t.db.kysely.selectFrom('sim_sms_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(sms.mobile).toBe('13800138000');
      expect(sms.content).toContain('尾号0003');
      const [a] = await audits(t, 'card.real_name_reminded');
      expect(a!.after).not.toContain('13800138000');
      const finance = await loginAs(t, 'finance');
      expect((await adminPost(t, '/api/admin/cards/real-name-remind', { card: '1000000003', reason: '重发' }, finance)).statusCode).toBe(
        403,
      );
    });

    it('opens a ticket the holder sees as theirs', async () => {
      const support = await loginAs(t, 'support');
      const agent = await loginAs(t, 'agent');
      const body = { card: '1000000001', category: 'connectivity', description: '持卡人来电：昨晚起无法上网', reason: '电话反映' };
      expect((await adminPost(t, '/api/admin/cards/ticket', body, agent)).statusCode).toBe(403);
      const short = await adminPost(t, '/api/admin/cards/ticket', { ...body, description: '坏' }, support);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('问题描述至少 5 个字');
      const r = await adminPost(t, '/api/admin/cards/ticket', body, support);
      expect(r.statusCode, r.body).toBe(200);
      const ticket = await t.db.kysely
        .selectFrom('tickets')
        .selectAll()
        .where('id', '=', r.json().data.ticket_id)
        .executeTakeFirstOrThrow();
      const user = await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', '13800138000').executeTakeFirstOrThrow();
      expect(ticket).toMatchObject({ owner_user_id: user.id, custom_num: '1000000001', category: 'connectivity', status: 'submitted' });
      const story = (await adminGet(t, '/api/admin/cards/story?card=1000000001', support)).json().data;
      expect(story.tickets[0].ticket_no).toBe(r.json().data.ticket_no);
      expect((await audits(t, 'card.ticket_opened'))[0]!.operator_username).toBe('support');
    });

    it('shows the holder’s home read-only, audited, without making a session', async () => {
      const finance = await loginAs(t, 'finance');
      const sessions = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await sessions();
      const r = await adminGet(t, '/api/admin/cards/holder-view?card=1000000003', finance);
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json().data;
      expect(d.as).toBe('user');
      expect(d.mobile).toBe('138****8000');
      expect(d.card_info.info.custom_num).toBe('1000000003');
      expect(d.line.real_named).toBe(false);
      expect(d.clew.content).not.toBe('');
      expect(await sessions()).toBe(before);
      const [a] = await audits(t, 'card.holder_viewed');
      expect(a).toMatchObject({ operator_username: 'finance', target_id: '1000000003' });
      const agent = await loginAs(t, 'agent');
      expect((await adminGet(t, '/api/admin/cards/holder-view?card=1000000014', agent)).statusCode).toBe(404);
      // a card bound to nobody: its own card login's home
      const free = (await adminGet(t, '/api/admin/cards/holder-view?card=1000000020', finance)).json().data;
      expect(free.as).toBe('card');
    });

    it('marks a package whose order was refunded (its row ended: no length left)', async () => {
      const admin = await loginAs(t, 'admin');
      const db = t.db.kysely;
      const card = await cardRow(t, '1000000001');
      const pkg = await db
        .selectFrom('card_packages')
        .selectAll()
        .where('card_id', '=', card.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      const orderNo = 'T2026112700000001';
      await db
        .insertInto('orders')
        .values({
          order_no: orderNo,
          card_id: card.id,
          user_id: 0,
          goods_type: 'package',
          title: pkg.name,
          package_id: null,
          coupon_package_id: null,
          total_fen: 2000,
          discount_fen: 0,
          payable_fen: 2000,
          credit_fen: 0,
          bonus_fen: 0,
          voucher_id: null,
          pay_channel: 1,
          state: 'fulfilled',
          request_id: 'story-refunded-1',
          request_fingerprint: '',
          payment_id: null,
          pay_url: null,
          access_key_hash: '',
          created_at: at,
          expires_at: at,
          paid_at: at,
          fulfilled_at: at,
          closed_at: null,
          last_query_at: null,
          upgrade_add_kb: null,
          upgrade_expired_at: null,
        })
        .execute();
      await db.updateTable('card_packages').set({ order_no: orderNo }).where('id', '=', pkg.id).execute();
      const before = (await adminGet(t, '/api/admin/cards/story?card=1000000001', admin)).json().data;
      expect(before.packages.find((p: { id: number }) => p.id === pkg.id).refunded).toBe(false);
      // the facts a refund leaves (modules/commerce/refunds): the order refunded, its package row ended where it started
      await db.updateTable('orders').set({ state: 'refunded' }).where('order_no', '=', orderNo).execute();
      await db.updateTable('card_packages').set({ expired_at: pkg.started_at }).where('id', '=', pkg.id).execute();
      const after = (await adminGet(t, '/api/admin/cards/story?card=1000000001', admin)).json().data;
      expect(after.packages.find((p: { id: number }) => p.id === pkg.id).refunded).toBe(true);
    });
  });
});
