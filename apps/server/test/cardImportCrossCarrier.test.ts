// A card import that would put a card onto a carrier account of another carrier than the one that
// issued its SIM (the ICCID's issuer code against the account's platform: the rule of 移至运营商账号,
// docs/decisions/0065) is refused row by row in words, unless the operator confirms it as the bulk job
// asks; confirmed, the rows are taken with a notice each and the batch's audit row counts them
// (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md). Bad input writes nothing.
// SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识,运营商账号';
const iccidOf = (issuer: string, n: number) => {
  const body = `8986${issuer}3${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
};
const TELECOM = iccidOf('03', 1);
const UNICOM = iccidOf('01', 2);

const csv = (lines: string[]) => ({
  file_name: 'cards.csv',
  content_base64: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64'),
});

async function addTelecomAccount(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db.kysely
    .insertInto('carrier_accounts')
    .values({ name: 'ct-a', carrier: 'ctwing', enabled: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.each(databases())('a card import onto another carrier’s account on %s', (kind) => {
  const t = useTestApp(kind);
  const file = csv([`3100000001,${TELECOM},,电信,1,demo,ct-a`, `3100000002,${UNICOM},,联通,1,demo,ct-a`]);
  const refusal =
    'ICCID 属于中国联通，不能导入到中国电信的运营商账号「ct-a」：该平台不认识这张卡，导入后无法同步与停复机。如确已转网，请勾选“确认跨运营商导入”并在导入说明中写明';

  it('refuses the Unicom row in words, in the dry run and the commit; nothing written', async () => {
    const account = await addTelecomAccount(t);
    const admin = await loginAs(t, 'admin');
    const dry = await adminPost(t, '/api/admin/card-imports/dry-run', file, admin);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ total: 2, valid: 1, cross_carrier: 1, notices: [] });
    expect(dry.json().data.errors).toEqual([expect.objectContaining({ row: 3, custom_num: '3100000002', problems: [refusal] })]);
    for (const body of [
      { ...file, reason: '到货电信卡', confirm_cross_carrier: undefined },
      { ...file, reason: '到货电信卡', confirm_cross_carrier: false },
      { ...file, reason: '到货电信卡', confirm_cross_carrier: 'yes' },
    ]) {
      const before = await t.snapshot();
      const res = await adminPost(t, '/api/admin/card-imports', body, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(body.confirm_cross_carrier === 'yes' ? /跨运营商确认有误/ : /文件有 1 行错误/);
      expect(await t.snapshot()).toEqual(before);
    }
    const none = await t.db.kysely.selectFrom('cards').select('id').where('carrier_account_id', '=', account).execute();
    expect(none).toEqual([]);
  });

  it('confirmed: both rows taken, the Unicom one with a notice, and the audit row counts it', async () => {
    const admin = await loginAs(t, 'admin');
    const dry = await adminPost(t, '/api/admin/card-imports/dry-run', { ...file, confirm_cross_carrier: true }, admin);
    expect(dry.json().data).toMatchObject({ total: 2, valid: 2, cross_carrier: 1, errors: [] });
    expect(dry.json().data.notices).toEqual([
      { row: 3, custom_num: '3100000002', message: 'ICCID 属于中国联通，运营商账号「ct-a」是中国电信的平台：已确认跨运营商导入' },
    ]);
    const res = await adminPost(
      t,
      '/api/admin/card-imports',
      { ...file, reason: '联通卡已转网至电信', confirm_cross_carrier: true },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.card_count).toBe(2);
    const cards = await t.db.kysely
      .selectFrom('cards as c')
      .innerJoin('carrier_accounts as a', 'a.id', 'c.carrier_account_id')
      .select(['c.custom_num', 'a.name'])
      .where('c.custom_num', 'in', ['3100000001', '3100000002'])
      .orderBy('c.custom_num')
      .execute();
    expect(cards).toEqual([
      { custom_num: '3100000001', name: 'ct-a' },
      { custom_num: '3100000002', name: 'ct-a' },
    ]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['after', 'reason'])
      .where('action', '=', 'cards.import')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after)).toMatchObject({ cards: 2, cross_carrier_cards: 1 });
    expect(audit.reason).toBe('联通卡已转网至电信');
  });

  it('a file of one carrier’s cards onto its own account asks nothing', async () => {
    const admin = await loginAs(t, 'admin');
    const dry = await adminPost(t, '/api/admin/card-imports/dry-run', csv([`3100000003,${iccidOf('03', 3)},,电信,1,demo,ct-a`]), admin);
    expect(dry.json().data).toMatchObject({ total: 1, valid: 1, cross_carrier: 0, errors: [], notices: [] });
  });
});
