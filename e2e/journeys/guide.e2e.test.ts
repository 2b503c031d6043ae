// Journey (spec §2): the guide (/guide, /regtip) with the agent's QR codes and the arrow at the
// 客服 button; /download on an iPhone, an Android phone, inside WeChat's browser and for an agent
// without an app; the demo card's gifts on /gift; the camera check /camera with a refused, a missing
// and a working camera. All at 375×667.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPhone, screenshot } from '../harness';
import { useJourney } from '../journey';
import { installCamera, qrMatrix } from './camera';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WECHAT = `${ANDROID} MicroMessenger/8.0.47.2560(0x28002F37) WeChat/arm64 NetType/WIFI Language/zh_CN`;

const j = useJourney(async ({ phone }) => {
  await phone.context.addInitScript(installCamera, qrMatrix('camera-check'));
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** At the end of the page, the floating 客服 button covers none of the page's links and buttons. */
async function serviceButtonCoversNothing(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const kf = (await page.getByRole('button', { name: '在线客服' }).boundingBox())!;
  const controls = page.locator('main a, main button, #root a:not([aria-label="在线客服"]), #root button:not([aria-label="在线客服"])');
  for (const c of await controls.all()) {
    const box = await c.boundingBox();
    if (box && box.width > 0) expect(overlaps(kf, box), await c.innerText()).toBe(false);
  }
}

async function downloadOn(userAgent: string, mark = 'acme') {
  const phone = await openPhone(j.portal, { userAgent });
  await phone.page.goto(`/download?mark=${mark}`);
  await phone.page.getByText('极客通信用户中心').waitFor();
  return phone;
}

describe('guide, download, gifts and the camera check', () => {
  it('the guide: steps that lead to the pages, the agent’s QR codes, and the arrow at 客服', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/guide?mark=acme');
    await page.getByText('新卡到手，4 步开始上网').waitFor();
    for (const step of ['插入流量卡', '登录并绑定卡片', '完成实名认证', '订购套餐，开始上网', '遇到问题'])
      await page.getByRole('heading', { name: step }).waitFor();
    // the agent's QR codes, loaded
    const guideQr = page.getByRole('img', { name: '扫码查看图文指引' });
    const officialQr = page.getByRole('img', { name: '关注公众号，查询更方便' });
    expect(await guideQr.getAttribute('src')).toBe('/brand/acme-guide.svg');
    expect(await officialQr.getAttribute('src')).toBe('/brand/acme-official.svg');
    await expect.poll(() => guideQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // at the top the guide goes on under the 客服 button's place: the button is docked to the edge,
    // and the arrow (which would cover the steps) waits for it (docs/decisions/0031)
    const kf = page.getByRole('button', { name: '在线客服' });
    const arrow = page.getByTestId('guide-arrow');
    await expect.poll(() => kf.getAttribute('data-docked')).toBe('true');
    expect(await arrow.count()).toBe(0);
    await screenshot(page, 'guide-top');
    // at the end the button shows in full, and the arrow sits left of it, at its height, pointing at it
    await serviceButtonCoversNothing(page);
    await expect.poll(() => kf.getAttribute('data-docked')).toBe('false');
    await arrow.waitFor();
    await kf.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const [a, b] = [(await arrow.boundingBox())!, (await kf.boundingBox())!];
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
    expect(a.y).toBeLessThan(b.y + b.height);
    expect(a.y + a.height).toBeGreaterThan(b.y);
    expect(await page.getByText('有问题点这里').isVisible()).toBe(true);
    await screenshot(page, 'guide-end');
    // the hotline of the agent, and the steps lead where the user acts
    await page.getByText('400-900-5678').waitFor();
    await page.getByRole('link', { name: '智能检测' }).click();
    await waitForPath(page, '/card_check');

    // /regtip is the same page, with the same arrow; other pages have no arrow
    await page.goto('/regtip?mark=acme');
    await page.getByRole('heading', { name: '完成实名认证' }).waitFor();
    // to the end, again while the page still grows (its pictures load after the heading)
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByTestId('guide-arrow').isVisible();
      })
      .toBe(true);
    await page.getByRole('link', { name: '联系客服' }).click();
    await waitForPath(page, '/customer');
    await page.goto('/404');
    await page.getByRole('button', { name: '在线客服' }).waitFor();
    expect(await page.getByTestId('guide-arrow').count()).toBe(0);
  });

  it('download: the App Store-style link on an iPhone, the package on Android', async () => {
    const iphone = await downloadOn(IPHONE);
    try {
      const link = iphone.page.getByRole('link', { name: '下载 iPhone 版' });
      expect(await link.getAttribute('href')).toBe('https://acme.example.com/download');
      await screenshot(iphone.page, 'download-iphone');
    } finally {
      await iphone.close();
    }
    const android = await downloadOn(ANDROID);
    try {
      const link = android.page.getByRole('link', { name: '下载 Android 版' });
      expect(await link.getAttribute('href')).toBe('https://acme.example.com/download');
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await android.page.getByText('如提示“未知来源”').waitFor();
      await screenshot(android.page, 'download-android');
    } finally {
      await android.close();
    }
  });

  it('download inside WeChat: no blocked download link, how to open in the browser, and 复制链接', async () => {
    const wechat = await downloadOn(WECHAT);
    try {
      const { page } = wechat;
      await page.getByText('微信内无法直接下载').waitFor();
      await page.getByText('选择「在浏览器打开」').waitFor();
      expect(await page.getByRole('link', { name: /下载/ }).count()).toBe(0);
      await page.getByRole('button', { name: '复制链接' }).click();
      await page.getByText(/链接已复制|复制失败，请长按链接选择后复制/).waitFor();
      await screenshot(page, 'download-wechat');
    } finally {
      await wechat.close();
    }
  });

  it('download for an agent without an app: says so and leads on', async () => {
    j.portal.sql("update agents set app_url = '' where mark = 'acme'");
    const phone = await downloadOn(ANDROID);
    try {
      await phone.page.getByText('暂未提供APP下载').waitFor();
      expect(await phone.page.getByRole('link', { name: /下载/ }).count()).toBe(0);
      await phone.page.getByRole('link', { name: '返回首页' }).waitFor();
      await screenshot(phone.page, 'download-no-app');
    } finally {
      await phone.close();
      j.portal.sql("update agents set app_url = 'https://acme.example.com/download' where mark = 'acme'");
    }
  });

  it('gifts: the demo card’s vouchers and bonus, each with its state and source; filter by state', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/gift');
    const list = page.getByRole('list', { name: '礼品列表' });
    await list.waitFor();
    const item = (title: string) => list.getByRole('listitem').filter({ hasText: title });
    await item('5元满减券').getByText('已发放', { exact: true }).waitFor();
    await item('5元满减券').getByText('来源：新用户礼包').waitFor();
    await item('过期3元券').getByText('已过期', { exact: true }).waitFor();
    await item('已使用2元券').getByText('已使用', { exact: true }).waitFor();
    await item('赠送余额').getByText('来源：开卡赠送余额').waitFor();
    await screenshot(page, 'gift-all');
    await page.getByRole('tab', { name: '已过期' }).click();
    await item('过期3元券').waitFor();
    expect(await item('5元满减券').count()).toBe(0);
    await page.getByRole('tab', { name: '待发放' }).click();
    await page.getByText('暂无待发放的礼品').waitFor();
    await page.getByRole('tab', { name: '全部' }).click();
    await serviceButtonCoversNothing(page);
    await screenshot(page, 'gift-end');
  });

  it('camera check: a refused camera, a missing one, then the picture; no 客服 button', async () => {
    const { page } = j.phone;
    await page.goto('/404');
    await page.evaluate(() => localStorage.setItem('e2e_camera', 'denied'));
    await page.goto('/camera');
    await page.getByRole('alert').filter({ hasText: '相机权限被拒绝' }).waitFor();
    expect(await page.getByRole('button', { name: '在线客服' }).count()).toBe(0);
    await screenshot(page, 'camera-denied');

    await page.evaluate(() => localStorage.setItem('e2e_camera', 'absent'));
    await page.getByRole('button', { name: '重新检测' }).click();
    await page.getByRole('alert').filter({ hasText: '未找到可用的相机' }).waitFor();

    await page.evaluate(() => localStorage.setItem('e2e_camera', 'qr'));
    await page.getByRole('button', { name: '重新检测' }).click();
    await page.getByRole('status').filter({ hasText: '相机工作正常' }).waitFor();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth > 0)).toBe(true);
    await screenshot(page, 'camera-live');
  });

  it('no page errors along the way', () => {
    expect(j.errors).toEqual([]);
  });
});
