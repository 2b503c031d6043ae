// Journey: an agent's payee confirms a WeChat commission transfer (docs/decisions/0039-payee-confirms-transfer.md).
// Finance pays a withdrawal to the agent's WeChat change through the payout gateway (the simulator
// plays WeChat's 商家转账: the transfer waits for its payee); the console shows 待收款人确认 with the
// link, its QR code and deadline, and no hand payment. The payee opens the link outside WeChat (told
// to open it in WeChat, with the link to copy) and inside WeChat (the user agent says MicroMessenger;
// a fake WeixinJSBridge stands in for WeChat's, and WeChat's own confirmation screen is the
// simulator's /sim/payouts/confirm): cancels once, confirms, and the page shows the money arrived —
// paid once. Another transfer is left unconfirmed for a day: its link says it expired and the
// amount comes back; a third is withdrawn by finance (撤销转账). Phone 375×667, console 1440×900.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE_USER_AGENT, openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';

const DAY = 86_400_000;
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const PAYEE = '王小明';
const VERIFY_MOBILE = '13900139000';
const WECHAT_UA = `${MOBILE_USER_AGENT} MicroMessenger/8.0.47.2560(0x28002F37) WeChat/arm64 NetType/WIFI Language/zh_CN`;

/**
 * WeChat's bridge as the page meets it inside WeChat: requestMerchantTransfer opens WeChat's
 * confirmation screen, played here by the simulator's endpoint (as the payee with OPENID), or — in
 * 'cancel' mode — the payee backs out. Calls are kept for the test to read.
 */
const FAKE_BRIDGE = `(() => {
  window.__bridgeCalls = [];
  window.__bridgeMode = 'confirm';
  const bridge = {
    invoke(name, params, cb) {
      window.__bridgeCalls.push({ name, params });
      if (window.__bridgeMode === 'cancel') { setTimeout(() => cb({ err_msg: name + ':cancel' }), 50); return; }
      fetch('/sim/payouts/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ package: params.package, openid: ${JSON.stringify(OPENID)} }),
      }).then((r) => r.json()).then((r) => cb({ err_msg: r.err_msg }));
    },
  };
  // WeChat injects its bridge after the page starts and says so
  setTimeout(() => { window.WeixinJSBridge = bridge; document.dispatchEvent(new Event('WeixinJSBridgeReady')); }, 100);
})();`;

/** Waits for the page's transitions (a modal zooming in, a toast) to end: for screenshots. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

describe('the payee confirms a commission transfer in WeChat', () => {
  let portal: Portal;
  let desk: Phone;
  let browserPhone: Phone;
  let wechatPhone: Phone;
  const errors: string[] = [];
  const cookies: Record<string, string> = {};

  /** the console's API as an operator (the setup a journey does not need to click through) */
  async function api(who: string, path: string, body?: unknown) {
    const res = await fetch(`${portal.baseUrl}/api/admin${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie: cookies[who]!, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
    expect(res.status, `${path}: ${json.message}`).toBe(200);
    return json.data;
  }
  const rid = () => `e2e-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  /** a withdrawal of the demo agent, approved and handed to the payout gateway: its id and link */
  async function transferWaiting(amountFen: number): Promise<{ id: number; path: string }> {
    const asked = (await api('agent', '/commissions/withdrawals/request', { amount_fen: amountFen, request_id: rid() })) as {
      withdrawal: { id: number };
    };
    const id = asked.withdrawal.id;
    await api('finance', '/commissions/withdrawals/approve', { id, request_id: rid() });
    const sent = (await api('finance', '/commissions/withdrawals/transfer', { id, request_id: rid() })) as {
      processing: boolean;
      withdrawal: { bill_state: string; payee_confirm: { path: string } | null };
    };
    expect(sent.processing).toBe(true);
    expect(sent.withdrawal.bill_state).toBe('WAIT_USER_CONFIRM');
    return { id, path: sent.withdrawal.payee_confirm!.path };
  }

  beforeAll(async () => {
    portal = await startPortal({ env: { SIM_CONTROLS: '1' } });
    for (const [who, password] of [
      ['admin', 'Admin#2026'],
      ['agent', 'Agent#2026'],
      ['finance', 'Finance#2026'],
    ] as const) {
      const res = await fetch(`${portal.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: who, password }),
      });
      expect(res.status).toBe(200);
      cookies[who] = res.headers.get('set-cookie')!.split(';')[0]!;
    }
    // money to withdraw, and the agent's WeChat change on file (with the agent's SMS code)
    const agents = (await api('admin', '/commissions/agents')) as { items: { agent_id: number; mark: string }[] };
    const demo = agents.items.find((a) => a.mark === 'demo')!.agent_id;
    await api('admin', '/commissions/adjust', { agent_id: demo, amount_fen: 100_000, reason: '旅程测试入账', request_id: rid() });
    const after = portal.lastSmsId();
    await api('agent', '/commissions/account/code', {});
    const code = await portal.latestSmsCode(VERIFY_MOBILE, { afterId: after });
    await api('agent', '/commissions/account', { payout_method: 3, payee: PAYEE, payout_account: OPENID, sms_code: code });

    desk = await openDesktop(portal);
    browserPhone = await openPhone(portal);
    wechatPhone = await openPhone(portal, { userAgent: WECHAT_UA });
    await wechatPhone.context.addInitScript(FAKE_BRIDGE);
    for (const p of [browserPhone, wechatPhone]) p.page.on('pageerror', (e) => errors.push(String(e)));
  }, 120_000);

  afterAll(async () => {
    await desk?.close();
    await browserPhone?.close();
    await wechatPhone?.close();
    await portal?.stop();
  });

  let first: { id: number; path: string };

  it('finance sees the transfer waiting for its payee, with the link and its QR code, and no hand payment', async () => {
    first = await transferWaiting(12_800);
    const { page } = desk;
    await consoleLogin(page, 'finance', 'Finance#2026');
    await menuTo(page, '佣金');
    const row = page.locator('.ant-table-tbody tr', { hasText: '¥128.00' });
    await row.getByText('待收款人确认').waitFor();
    await row.getByText(/截止/).waitFor();
    // in flight at the gateway: no 登记打款 / 打款失败 / 接口打款 that could pay twice
    for (const name of ['登记打款', '打款失败', '接口打款', '驳回']) expect(await row.getByRole('button', { name }).count()).toBe(0);
    await row.getByRole('button', { name: '撤销转账' }).waitFor();
    await row.getByRole('button', { name: '收款链接' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '待收款人确认' });
    await modal.locator('canvas, svg').first().waitFor();
    await modal.getByText(`${portal.baseUrl}${first.path}`).waitFor();
    await modal.getByText(/确认截止/).waitFor();
    await settled(page);
    await screenshot(page, 'payee-confirm-console-link');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await modal.waitFor({ state: 'hidden' });
    await settled(page);
    await screenshot(page, 'payee-confirm-console-waiting');
  });

  it('outside WeChat the page says to open it in WeChat, with the link to copy', async () => {
    const { page } = browserPhone;
    await page.goto(first.path);
    await page.getByText('¥128.00').or(page.getByText('128.00')).first().waitFor();
    await page.getByText(/请在微信中打开本链接/).waitFor();
    await page.getByRole('button', { name: '复制收款链接' }).waitFor();
    expect(await page.getByRole('button', { name: '确认收款' }).count()).toBe(0);
    // the payee's name is masked, the openid is nowhere
    await page.getByText('王** 的微信零钱').waitFor();
    expect(await page.content()).not.toContain(OPENID);
    await screenshot(page, 'payee-confirm-outside-wechat');
  });

  it('inside WeChat the payee backs out once, then confirms, and the page shows the money arrived', async () => {
    const { page } = wechatPhone;
    await page.goto(first.path);
    await page.getByRole('status').filter({ hasText: '待确认收款' }).waitFor();
    await page.getByText(/确认截止/).waitFor();
    await screenshot(page, 'payee-confirm-waiting');

    await page.evaluate(() => ((window as unknown as { __bridgeMode: string }).__bridgeMode = 'cancel'));
    await page.getByRole('button', { name: '确认收款' }).click();
    await page.getByText(/您已取消确认/).waitFor();
    await screenshot(page, 'payee-confirm-cancelled');

    await page.evaluate(() => ((window as unknown as { __bridgeMode: string }).__bridgeMode = 'confirm'));
    await page.getByRole('button', { name: '确认收款' }).click();
    await page.getByRole('status').filter({ hasText: '已到账' }).waitFor();
    await page.getByText(/款项已转入收款人的微信零钱/).waitFor();
    expect(await page.getByRole('button', { name: '确认收款' }).count()).toBe(0);
    await screenshot(page, 'payee-confirm-paid');

    // WeChat was asked with the server's merchant, app and this bill's package
    const calls = (await page.evaluate(() => (window as unknown as { __bridgeCalls: unknown[] }).__bridgeCalls)) as {
      name: string;
      params: { mchId: string; appId: string; package: string };
    }[];
    const [row] = portal.sql<{ state: string; package_info: string }>(
      'SELECT state, package_info FROM commission_withdrawals WHERE id = ?',
      [first.id],
    ) as { state: string; package_info: string }[];
    expect(row!.state).toBe('paid');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.name).toBe('requestMerchantTransfer');
    expect(calls[1]!.params.package).toMatch(/^SIMPKG/);
    expect(calls[1]!.params.mchId).toMatch(/^\d{10}$/);
    // paid once: one payout audited, nothing returned
    expect(
      portal.sql("SELECT id FROM audit_log WHERE action = 'commission.withdrawal_paid' AND target_id = ?", [String(first.id)]),
    ).toHaveLength(1);
    expect(portal.sql("SELECT id FROM commission_ledger WHERE kind = 'withdrawal_return' AND ref = ?", [String(first.id)])).toHaveLength(0);

    // the console says so too
    await desk.page.reload();
    await desk.page.locator('.ant-table-tbody tr', { hasText: '¥128.00' }).getByText('已打款').waitFor();
  });

  it('finance withdraws a transfer nobody confirmed: the payee’s page says it closed, the amount is back once', async () => {
    const third = await transferWaiting(3_300);
    const { page } = desk;
    await page.reload();
    const row = page.locator('.ant-table-tbody tr', { hasText: '¥33.00' });
    await row.getByRole('button', { name: '撤销转账' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '撤销转账' }).click();
    await page.getByText('转账已撤销，金额已退回代理余额').waitFor();
    await row.getByText('打款失败').waitFor();
    await screenshot(page, 'payee-confirm-console-cancelled');
    expect(
      portal.sql("SELECT id FROM audit_log WHERE action = 'commission.withdrawal_cancel_requested' AND target_id = ?", [String(third.id)]),
    ).toHaveLength(1);
    expect(portal.sql("SELECT id FROM commission_ledger WHERE kind = 'withdrawal_return' AND ref = ?", [String(third.id)])).toHaveLength(1);

    await wechatPhone.page.goto(third.path);
    await wechatPhone.page.getByRole('status').filter({ hasText: '已关闭' }).waitFor();
    await wechatPhone.page.getByText(/本次转账已关闭：微信转账已撤销/).waitFor();
    expect(await wechatPhone.page.getByRole('button', { name: '确认收款' }).count()).toBe(0);
    await screenshot(wechatPhone.page, 'payee-confirm-closed');
  });

  it('a link left unconfirmed for a day has expired; the job returns the amount once; an unknown link is refused', async () => {
    const second = await transferWaiting(4_400);
    const moved = await fetch(`${portal.baseUrl}/sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: DAY + 60_000 }),
    });
    expect(moved.status).toBe(200);
    const { page } = wechatPhone;
    await page.goto(second.path);
    await page.getByText(/收款链接已过期/).waitFor();
    expect(await page.getByRole('button', { name: '确认收款' }).count()).toBe(0);
    await screenshot(page, 'payee-confirm-expired');

    const run = await fetch(`${portal.baseUrl}/sim/jobs/commission-payouts/run`, { method: 'POST' });
    expect(run.status).toBe(200);
    const [row] = portal.sql<{ state: string; failure_reason: string }>(
      'SELECT state, failure_reason FROM commission_withdrawals WHERE id = ?',
      [second.id],
    ) as { state: string; failure_reason: string }[];
    expect(row).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/已撤销/) });
    await fetch(`${portal.baseUrl}/sim/jobs/commission-payouts/run`, { method: 'POST' });
    expect(portal.sql("SELECT id FROM commission_ledger WHERE kind = 'withdrawal_return' AND ref = ?", [String(second.id)])).toHaveLength(
      1,
    );

    await page.goto('/payee_confirm?t=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('收款链接无效，请向财务索取新的收款链接').waitFor();
    expect(errors).toEqual([]);
  });
});
