// Proves the harness itself: a real server on a seeded database of its own, and Chromium as a phone.
// The server is the compiled one (apps/server/dist, `npm run build`), as production and the
// Docker image run it, like every journey's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from './harness';

describe('smoke: harness, server and browser', () => {
  let portal: Portal;
  let phone: Phone;

  beforeAll(async () => {
    portal = await startPortal();
    phone = await openPhone(portal);
  });

  afterAll(async () => {
    await phone?.close();
    await portal?.stop();
  });

  it('answers /healthz with the fixed JSON', async () => {
    const res = await fetch(`${portal.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('seeded the demo data into the fresh database', () => {
    const rows = portal.sql<{ n: number }>("SELECT COUNT(*) AS n FROM cards WHERE custom_num = '1000000001'");
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('started on a copy of the run’s prepared database (e2e/globalSetup.ts): found it seeded and seeded nothing', async () => {
    expect(process.env.E2E_PREPARED_DB).toBeTruthy();
    // the start banner (main.ts) says whether this start loaded the demo data
    await expect.poll(() => portal.output()).toContain('流量卡自助服务门户已启动');
    expect(portal.output()).not.toContain('已载入演示数据');
  });

  it('opens every phone and desktop as a context of one shared Chromium, closing only its own context', async () => {
    const desk = await openDesktop(portal);
    try {
      expect(desk.browser).toBe(phone.browser);
      expect(desk.context).not.toBe(phone.context);
      expect(desk.page.viewportSize()).toEqual({ width: 1440, height: 900 });
      expect(phone.page.viewportSize()).toEqual({ width: 375, height: 667 });
    } finally {
      await desk.close();
    }
    expect(phone.browser.isConnected()).toBe(true);
    expect(phone.browser.contexts()).toContain(phone.context);
    expect(phone.browser.contexts()).not.toContain(desk.context);
  });

  it('sends a visitor without a token from / to /login', async () => {
    const { page } = phone;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    await page.waitForURL(/\/login(\?|$)/);
    // the login page rendered something (not a blank root)
    await page.locator('#root *').first().waitFor();
    await screenshot(page, 'smoke-login');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
  });
});

describe('smoke: a journey that asks for a fresh database', () => {
  it('gets an empty one, which its server migrates and seeds on start', async () => {
    const portal = await startPortal({ requireWeb: false, freshDatabase: true });
    try {
      await expect.poll(() => portal.output()).toContain('已载入演示数据');
      const rows = portal.sql<{ n: number }>("SELECT COUNT(*) AS n FROM cards WHERE custom_num = '1000000001'");
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await portal.stop();
    }
  });
});
