// Journey: 运营商账号 (docs/decisions/0030), at 1440×900. The platform administrator adds an account on a
// CTWing platform (a fake gateway started here, checking every signature): 测试连接 first says the
// secret is wrong, then that the platform accepts it; the account is saved, its secret never shown
// again (the edit form's input is empty, 留空则不修改). Cards moved onto it are read by a sync round
// and the dashboard shows the account's figures; the platform goes down, the rounds fail, and the
// account is shown as 暂停调用 (with when it is tried next) in the list and on the dashboard. The secret is never in the server's output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCtwing } from '../../apps/server/src/integrations/carrier/ctwing/fake';
import { screenshot, type Phone, type Portal } from '../harness';
import { consoleOnCtwingFake } from './carrierConsole';
import { consoleLogin, menuTo } from './consoleMenu';
import { runSimJob } from './simJobs';

const ACCOUNT = { appKey: 'ak-e2e-journey', secret: 'e2e-secret-5d4c3b2a1f0e', custNumber: '6000077777' };
const CARDS = ['1000000001', '1000000002'];

describe('console carrier accounts', () => {
  let fake: FakeCtwing;
  let portal: Portal;
  let desk: Phone;
  let close = async () => {};
  beforeAll(async () => {
    // the sync round has no timer here: the journey runs it when it wants the cards read
    ({ fake, portal, desk, close } = await consoleOnCtwingFake(ACCOUNT));
  }, 90_000);
  afterAll(() => close());

  const runRound = () => runSimJob(portal, 'carrier-sync') as Promise<{ result: { account: string }[] }>;

  it('adds an account: 测试连接 says what is wrong, then that the platform accepts it', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    // no real account yet: the dashboard says so
    await page.getByTestId('carrier-health').getByText('还没有接入运营商平台的账号', { exact: false }).waitFor();
    await page.getByText('卡片总数').waitFor();
    await screenshot(page, 'console-carriers-dashboard-empty');
    await menuTo(page, '运营商账号');
    await page.waitForURL('**/admin/carrier-accounts');
    const table = page.getByRole('table');
    await table.getByText('内置模拟器').waitFor();

    await page.getByRole('button', { name: '新建账号' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建运营商账号' });
    await modal.getByLabel('账号名称').fill('电信-华东');
    await modal.getByLabel('平台类型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国电信 5G CMP' }).click();
    await modal.getByLabel('平台地址').fill(fake.url);
    await modal.getByLabel('AppKey').fill(ACCOUNT.appKey);
    const secret = modal.getByLabel('SecretKey');
    expect(await secret.getAttribute('type')).toBe('password');
    await secret.fill('not-the-secret-000');
    await modal.getByLabel('客户编码（custNumber）').fill(ACCOUNT.custNumber);
    await modal.getByRole('button', { name: '测试连接' }).click();
    const result = modal.getByTestId('carrier-test-result');
    await result.getByText(/^账号或密钥错误/).waitFor();
    await screenshot(page, 'console-carriers-test-refused');

    await secret.fill(ACCOUNT.secret);
    await expect.poll(() => result.count()).toBe(0);
    await modal.getByRole('button', { name: '测试连接' }).click();
    await result.getByText(/^连接成功/).waitFor();
    await modal.getByLabel('原因').fill('接入电信平台');
    await screenshot(page, 'console-carriers-new');
    await modal.getByRole('button', { name: '保存' }).click();
    await page.getByText('已新建运营商账号 电信-华东').waitFor();
    const row = page.locator('.ant-table-tbody tr', { hasText: '电信-华东' });
    // saved, not yet read: 尚未同步 (never 正常 before a round has read its cards)
    await row.locator('.ant-tag', { hasText: '尚未同步' }).waitFor();
    await row.getByText('0 张', { exact: true }).waitFor();
    await screenshot(page, 'console-carriers-list');

    // the secret is never shown again: the edit form's input is empty and says so
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑运营商账号' });
    expect(await edit.getByLabel('SecretKey').inputValue()).toBe('');
    await edit.getByText('已设置，留空则不修改').waitFor();
    expect(await edit.getByLabel('AppKey').inputValue()).toBe(ACCOUNT.appKey);
    // the stored secret tests fine with the input left empty
    await edit.getByRole('button', { name: '测试连接' }).click();
    await edit
      .getByTestId('carrier-test-result')
      .getByText(/^连接成功/)
      .waitFor();
    await screenshot(page, 'console-carriers-edit');
    await edit.getByRole('button', { name: '取消' }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(ACCOUNT.secret);
  });

  it('the dashboard shows the account after a round: last round, stale cards, error rate, limit', async () => {
    const { page } = desk;
    const id = (portal.sql<{ id: number }>("SELECT id FROM carrier_accounts WHERE name = '电信-华东'") as { id: number }[])[0]!.id;
    for (const num of CARDS) {
      const [card] = portal.sql<{ isdn: string; iccid: string }>('SELECT isdn, iccid FROM cards WHERE custom_num = ?', [num]) as {
        isdn: string;
        iccid: string;
      }[];
      fake.addLine({ accessNumber: card!.isdn, iccid: card!.iccid, mainStatus: '4', authStatus: '1', monthKb: 2048, session: null });
    }
    portal.sql(
      `UPDATE cards SET carrier_account_id = ?, flow_synced_at = '', sync_wanted_at = '' WHERE custom_num IN (${CARDS.map(() => '?').join(',')})`,
      [id, ...CARDS],
    );
    const run = await runRound();
    expect(run.result.find((r: { account: string }) => r.account === '电信-华东')).toMatchObject({ synced: 2, complete: true });

    await menuTo(page, '概览');
    await page.waitForURL('**/admin/dashboard');
    const panel = page.getByTestId(`carrier-health-${id}`);
    await panel.getByText('电信-华东').waitFor();
    await panel.getByText('正常', { exact: true }).waitFor();
    await panel.getByText(/（读取 2 张）$/).waitFor();
    await panel.getByText('0 / 2 张').waitFor();
    await panel.getByText('0%').waitFor();
    await panel.getByText('5 次/秒').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'console-carriers-dashboard');
  });

  it('a platform that stays down: the rounds fail, the account shows as 暂停调用 with its next try', async () => {
    const { page } = desk;
    fake.setDown('error');
    // the cards asked again (a holder's 刷新): each round's calls fail until the account's circuit opens
    for (let i = 0; i < 4; i++) {
      portal.sql(`UPDATE cards SET sync_wanted_at = ? WHERE custom_num IN (${CARDS.map(() => '?').join(',')})`, [
        new Date().toISOString(),
        ...CARDS,
      ]);
      await runRound();
      const [a] = portal.sql<{ circuit_open_until: string }>(
        "SELECT circuit_open_until FROM carrier_accounts WHERE name = '电信-华东'",
      ) as {
        circuit_open_until: string;
      }[];
      if (a!.circuit_open_until > new Date().toISOString()) break;
    }
    const [a] = portal.sql<{ circuit_open_until: string; failures: number }>(
      "SELECT circuit_open_until, failures FROM carrier_accounts WHERE name = '电信-华东'",
    ) as { circuit_open_until: string; failures: number }[];
    expect(a!.circuit_open_until > new Date().toISOString(), JSON.stringify(a)).toBe(true);

    await page.reload();
    const id = (portal.sql<{ id: number }>("SELECT id FROM carrier_accounts WHERE name = '电信-华东'") as { id: number }[])[0]!.id;
    const panel = page.getByTestId(`carrier-health-${id}`);
    // resting after the failures, in words: why, and when it is called again (Beijing time)
    await panel.getByText('暂停调用', { exact: true }).waitFor();
    await panel.getByText(/平台无法连接或超时.*（北京时间）起再次调用/).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'console-carriers-dashboard-failing');

    await menuTo(page, '运营商账号');
    const row = page.locator('.ant-table-tbody tr', { hasText: '电信-华东' });
    await row.getByText('暂停调用', { exact: true }).waitFor();
    await row.getByText(/（北京时间）起再次调用/).waitFor();
    await row.getByRole('button', { name: '测试连接' }).click();
    await page.getByText(/电信-华东：无法连接平台（超时或服务不可用）/).waitFor();
    await screenshot(page, 'console-carriers-list-failing');

    // 停用 with a reason: the account rests, shown as 已停用
    await row.getByRole('button', { name: '停用' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '停用运营商账号' });
    await modal.getByLabel('原因').fill('平台故障，暂停同步');
    await modal.getByRole('button', { name: '确认停用' }).click();
    await row.getByText('已停用', { exact: true }).waitFor();
    await row.getByRole('button', { name: '启用' }).waitFor();

    // never logged, never answered
    expect(portal.output()).not.toContain(ACCOUNT.secret);
    expect(portal.output()).not.toContain('not-the-secret-000');
  });
});
