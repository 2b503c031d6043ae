// A card on a platform account of another carrier than the one that issued its SIM (by the ICCID's
// issuer code; docs/decisions/0071): the confirmed move goes (docs/decisions/0065), and from then on
// every page that shows the card reads the one line (modules/line): the holder's line, /flow, home's
// hint and the diagnosis say 卡状态暂时无法查询 with whose card it is and whose platform, and the
// console's card story says what the holder sees — never 正常. Moved back, the card is itself again.
// Against the project's OneLink fake, which does not know the line. SQLite and PostgreSQL.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneLinkFake, type FakeOneLink } from '../src/integrations/carrier/onelink/fake';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp } from './harness';

const APPID = '300088';
const PASSWORD = 'wrong-platform-pw';
const CARD = '1000000003';
const UNICOM_ICCID = '89860119000000000003';

type Problem = { code: string; title: string; detail: string; fix: { kind: string; text: string } | null } | null;

describe.each(databases())('a card on another carrier’s platform on %s', (kind) => {
  const file = join(tmpdir(), `carriers-wrong-${randomBytes(6).toString('hex')}.json`);
  let onelink: FakeOneLink;
  beforeAll(async () => {
    onelink = await startOneLinkFake({ appid: APPID, password: PASSWORD });
    writeFileSync(
      file,
      JSON.stringify([
        { name: '移动-华北', carrier: 'onelink', base_url: onelink.baseUrl, appid: APPID, password: PASSWORD, calls_per_second: 20 },
      ]),
    );
  });
  afterAll(async () => onelink?.close());
  const t = useTestApp(
    kind,
    { carrierAccountsFile: file, carrierSyncIntervalMs: 0, logLevel: 'warn' },
    { carrierGuard: { healthCacheMs: 0 } },
  );

  /** Every page of the card, as the holder and the console read it. */
  async function pages(token: string, admin: string) {
    const line = await t.get(`/api/v2/card/line?custom_num=${CARD}`, token);
    expect(line.statusCode, line.body).toBe(200);
    const flow = await t.get(`/api/v2/card/flow?custom_num=${CARD}`, token);
    expect(flow.statusCode, flow.body).toBe(200);
    const clew = await t.get(`/api/v1/card/clew?custom_num=${CARD}`, token);
    expect(clew.statusCode, clew.body).toBe(200);
    const diagnosis = await t.inject({
      method: 'GET',
      url: `/api/v2/go_card_diagnosis?custom_num=${CARD}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(diagnosis.statusCode, diagnosis.body).toBe(200);
    const story = await adminGet(t, `/api/admin/cards/story?card=${CARD}`, admin);
    expect(story.statusCode, story.body).toBe(200);
    const checks = diagnosis.json().data.checks as { key: string; status: string; verdict: string }[];
    return {
      line: line.json().data.problem as Problem,
      flow: flow.json().data.line.problem as Problem,
      clew: clew.json().data.content as string,
      cardState: checks.find((c) => c.key === 'card_state')!,
      story: story.json().data.line.problem as Problem,
    };
  }

  it('moved onto a China Mobile account with a Unicom SIM: every page says its state cannot be read, and why', async () => {
    const admin = await loginAs(t, 'admin');
    const token = await t.loginCard(CARD);
    await t.db.kysely.updateTable('cards').set({ iccid: UNICOM_ICCID }).where('custom_num', '=', CARD).execute();
    const before = await pages(token, admin);
    expect(before.line?.code ?? null).not.toBe('wrong_platform');
    expect(before.story?.code ?? null).not.toBe('wrong_platform');

    const account = (
      await t.db.kysely.selectFrom('carrier_accounts').select('id').where('name', '=', '移动-华北').executeTakeFirstOrThrow()
    ).id;
    const move = await adminPost(
      t,
      '/api/admin/bulk-jobs',
      {
        kind: 'move_carrier_account',
        custom_nums: [CARD],
        carrier_account_id: account,
        reason: '联通卡已转网至移动',
        confirm_cross_carrier: true,
      },
      admin,
    );
    expect(await finishedJob(t, admin, move)).toMatchObject({ status: 'done', ok_count: 1 });

    const after = await pages(token, admin);
    for (const problem of [after.line, after.flow, after.story]) {
      expect(problem).toMatchObject({ code: 'wrong_platform', title: '卡状态暂时无法查询', fix: { kind: 'customer' } });
      expect(problem!.detail).toContain('这张卡是中国联通的卡，但登记在中国移动的平台上');
    }
    expect(after.clew).toContain('卡状态暂时无法查询');
    expect(after.cardState.status).toBe('problem');
    expect(after.cardState.verdict).toContain('卡状态暂时无法查询');
    expect(after.cardState.verdict).not.toContain('卡状态正常');
  });

  it('moved back onto the simulator: the card is itself again', async () => {
    const admin = await loginAs(t, 'admin');
    const token = await t.loginCard(CARD);
    const back = await adminPost(
      t,
      '/api/admin/bulk-jobs',
      { kind: 'move_carrier_account', custom_nums: [CARD], carrier_account_id: 1, reason: '移回模拟运营商' },
      admin,
    );
    expect(await finishedJob(t, admin, back)).toMatchObject({ status: 'done', ok_count: 1 });
    const now = await pages(token, admin);
    expect(now.line?.code ?? null).not.toBe('wrong_platform');
    expect(now.story?.code ?? null).not.toBe('wrong_platform');
  });
});
