// Journey: 在线咨询 on the ticket system (docs/decisions/0034). The demo holder opens 在线咨询 from
// /customer (the demo agent sets no chat address of its own), sends a text and an image; support
// finds the conversation in the console's 工单 at 1440×900, sees both (the image opening large) and
// replies; the reply appears on the phone without a reload. The page shows no floating 客服 button
// and its send box stays in the screen above everything. An agent with an https chat address
// (acme) still sends 在线咨询 there.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktop, screenshot, type Phone } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';
import { consoleLogin } from './consoleMenu';

/** A real 160×120 PNG (a blue-to-green picture with a white band): the server checks the bytes, not the name. */
function picture(w = 160, h = 120): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const band = y > h * 0.4 && y < h * 0.6;
      rows.push(band ? 255 : 20, band ? 255 : Math.round((x / w) * 200), band ? 255 : Math.round(255 - (y / h) * 120));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('在线咨询', () => {
  const j = useJourney();
  let desk: Phone;
  beforeAll(async () => {
    desk = await openDesktop(j.portal);
  }, 60_000);
  afterAll(async () => {
    await desk?.close();
  });

  it('the holder writes from 在线咨询, support answers in the console, the reply appears live', async () => {
    const phone = j.phone.page;
    await loginWithAccount(phone);
    await phone.goto('/customer');
    await phone.getByRole('link', { name: '在线咨询' }).click();
    await waitForPath(phone, '/chat');
    await phone.getByText(/请描述您遇到的问题/).waitFor();
    // the page is itself the service: no floating button leading back to it
    expect(await phone.getByRole('button', { name: '在线客服' }).count()).toBe(0);

    await phone.getByLabel('消息内容').fill('你好，我的卡今天突然没有网络了');
    await phone.getByRole('button', { name: '发送', exact: true }).click();
    const mine = phone.locator('[data-from="holder"]');
    await mine.filter({ hasText: '你好，我的卡今天突然没有网络了' }).waitFor();
    await phone.locator('input[type="file"]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: picture() });
    await mine.locator('img[alt="图片消息"]').waitFor();
    expect(await phone.locator('[data-pending]').count()).toBe(0);

    // the send box is in the screen, at its bottom, and nothing lies over it
    const box = (await phone
      .locator('form')
      .filter({ has: phone.getByLabel('消息内容') })
      .boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(box.y).toBeGreaterThan(667 / 2);
    const atSend = await phone.getByRole('button', { name: '发送', exact: true }).evaluate((b) => {
      const r = b.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top === b || b.contains(top);
    });
    expect(atSend).toBe(true);
    // a mark that a reload would lose: the reply must arrive in this very page
    await phone.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await screenshot(phone, 'chat-phone-sent');

    const page = desk.page;
    await consoleLogin(page, 'support', 'Support#2026');
    await page.goto('/admin/tickets');
    const row = page.getByRole('row').filter({ hasText: '在线咨询' }).first();
    await row.getByText('你好，我的卡今天突然没有网络了').waitFor();
    await row.click();
    const drawer = page.locator('.ant-drawer');
    const thread = drawer.getByTestId('chat-thread');
    await thread.getByText('你好，我的卡今天突然没有网络了').waitFor();
    await thread.locator('img[alt="用户发送的图片"]').waitFor();
    await expect.poll(() => thread.locator('img[alt="用户发送的图片"]').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
    await drawer.getByLabel('回复内容').fill('您好，已为您重置网络，请重启设备后再试');
    await screenshot(page, 'chat-console-reply');
    await drawer.getByRole('button', { name: '发送', exact: true }).click();
    await thread.getByText('您好，已为您重置网络，请重启设备后再试').waitFor();
    await screenshot(page, 'chat-console-replied');

    // on the phone, without a reload
    const reply = phone.locator('[data-from="support"]').filter({ hasText: '您好，已为您重置网络，请重启设备后再试' });
    await reply.waitFor();
    expect(await phone.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // support's message is read now that it is on the screen; support sees it so
    await expect.poll(() => thread.getByText('用户已读').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(phone, 'chat-phone-replied');

    // the image opens large and closes
    await phone.getByRole('button', { name: '查看大图' }).click();
    await phone.getByRole('dialog', { name: '图片' }).waitFor();
    await screenshot(phone, 'chat-phone-image');
    await phone.getByRole('button', { name: '关闭' }).click();

    // away from the page, a new reply is counted on 在线咨询
    await phone.goto('/customer');
    const status = await desk.page.evaluate(
      (ticket) =>
        fetch('/api/admin/tickets/chat/reply', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: ticket, client_id: 'journey-away-1', text: '还有其他问题吗？' }),
        }).then((r) => r.status),
      Number(new URL(page.url()).searchParams.get('ticket')),
    );
    expect(status).toBe(200);
    await phone.reload();
    await phone.getByRole('link', { name: /在线咨询\s*1 条新回复/ }).waitFor();
    await screenshot(phone, 'chat-phone-customer-unread');
    await phone.getByRole('link', { name: /在线咨询/ }).click();
    await waitForPath(phone, '/chat');
    await phone.getByText('以下为新消息').waitFor();

    // opened again later, the thread is all there
    await phone.reload();
    await phone.locator('[data-from="support"]').filter({ hasText: '请重启设备后再试' }).waitFor();
    expect(await phone.locator('[data-from="holder"]').count()).toBe(2);
  });

  it('when the live stream cannot be had, the thread still loads, says so, and a reply arrives by reloading', async () => {
    const phone = j.phone.page;
    // every stream refused, as by a proxy that breaks server-sent events
    await phone.route('**/api/v2/chat/stream?**', (route) => route.abort());
    await phone.goto('/chat');
    await phone.locator('[data-from="holder"]').first().waitFor();
    await phone.getByText('实时连接已断开，正在重新连接…').waitFor();
    await screenshot(phone, 'chat-phone-offline');
    // support answers (the console's session, in the desk's browser)
    const [{ id }] = j.portal.sql<{ id: number }>("SELECT id FROM tickets WHERE category = 'chat' ORDER BY id DESC LIMIT 1") as {
      id: number;
    }[];
    const status = await desk.page.evaluate(
      (ticket) =>
        fetch('/api/admin/tickets/chat/reply', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: ticket, client_id: 'journey-fallback-1', text: '线路已恢复，请再试一次' }),
        }).then((r) => r.status),
      id!,
    );
    expect(status).toBe(200);
    await phone.locator('[data-from="support"]').filter({ hasText: '线路已恢复，请再试一次' }).waitFor({ timeout: 20_000 });
    await phone.unroute('**/api/v2/chat/stream?**');
  });

  it('an agent with an https chat address of its own still sends 在线咨询 there', async () => {
    const phone = j.phone.page;
    await resetBrowser(phone);
    await phone.goto('/customer?mark=acme');
    const link = phone.getByRole('link', { name: '在线咨询' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://support.acme.example.com/im');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
