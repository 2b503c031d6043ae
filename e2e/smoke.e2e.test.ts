// Proves the harness itself: a real server on a fresh seeded database, and Chromium as a phone.
// The server here is the compiled one (apps/server/dist, `npm run build`), as production and the
// Docker image run it; the other journeys run the TypeScript source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from './harness';

describe('smoke: harness, server and browser', () => {
  let portal: Portal;
  let phone: Phone;

  beforeAll(async () => {
    portal = await startPortal({ compiled: true });
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
