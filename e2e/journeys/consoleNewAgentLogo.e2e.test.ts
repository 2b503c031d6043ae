// Journey: a new agent's uploaded logo shows on its portal's login (1440×900 console, 375×667 phone).
// The platform administrator creates an agent, uploads its logo in 品牌 (the upload carries an
// Idempotency-Key like every console write: docs/decisions/0041-console-writes-once.md) and saves;
// /login?mark=<new mark> shows that very image, loaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin } from './consoleMenu';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';

// a 2×2 blue PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAAOGQEBfbf0WwAAAABJRU5ErkJggg==',
  'base64',
);

describe('console: a new agent’s logo on its login', () => {
  let portal: Portal;
  let desk: Phone;
  beforeAll(async () => {
    portal = await startPortal();
    desk = await openDesktop(portal);
    await consoleLogin(desk.page, 'admin', 'Admin#2026');
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('creates an agent, uploads its logo, and its login shows it', async () => {
    const { page } = desk;
    await page.goto('/admin/agents');
    await page.getByRole('button', { name: /新建代理商/ }).click();
    const create = page.locator('.ant-modal').filter({ hasText: '新建代理商' });
    await create.getByLabel('代理标识（登录链接 ?mark= 的值）').fill('logonew');
    await create.getByLabel('代理名称').fill('新标志通信');
    await create.getByLabel('原因').fill('签约新代理');
    await create.getByRole('button', { name: '新建' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新标志通信' });
    await drawer.getByRole('tab', { name: '品牌' }).waitFor();
    await drawer.locator('input[type=file]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await drawer.locator('img[src*="/branding-image/"]').first().waitFor();
    const keys = portal.sql<{ n: number }>("SELECT COUNT(*) AS n FROM admin_request_keys WHERE endpoint = 'adminBrandingImageUpload'") as {
      n: number;
    }[];
    expect(Number(keys[0]!.n)).toBe(1);
    await drawer.getByLabel('修改原因').fill('上传新代理的 Logo');
    await drawer.getByRole('button', { name: '保存品牌' }).click();
    await page
      .getByText(/已保存/)
      .first()
      .waitFor();
    await screenshot(page, 'console-new-agent-logo');

    const phone = await openPhone(portal);
    try {
      await phone.page.goto('/login?mark=logonew');
      const logo = phone.page.locator('img[src*="/branding-image/"]');
      await logo.waitFor();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
      await screenshot(phone.page, 'login-new-agent-logo');
    } finally {
      await phone.close();
    }
  });
});
