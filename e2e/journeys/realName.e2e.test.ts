// Journeys: real-name verification and the other pages the gates lead to. A URL-mode
// card (Telecom 1000000014, agent acme) and an applet-mode card (Unicom 1000000003) go from the
// gate's prompt through the carrier simulator and back, and end verified with the gate passed;
// /collect refuses a malformed ID number before sending anything; Bajun's /remind opens its URL;
// a multi-series card chooses its series; a card to replace applies for a new one. A Telecom card
// uploads both sides of the ID card through /collect's file inputs (a text file named .jpg is
// refused and saves nothing); the CME, Bajun and other-carrier pages name their carrier and open
// the simulator.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { idPhoto, JPEG_MAGIC, PNG_MAGIC, startsWithBytes, textPretendingToBeJpeg } from './idPhotos';
import { loginWithCardOf, pickRegion, redirectPrompt, resetBrowser, trackNavigations, waitForPath, waitForVisit } from './steps';

type CardRow = {
  id: number;
  supplier_auth_state: number;
  auth_state: number;
  need_id: number;
  multi_series: number;
  need_change_card: number;
  package_series_ids: string;
};

describe('real-name verification and the gate targets', () => {
  const j = useJourney(async ({ phone }) => {
    await trackNavigations(phone.context);
  });

  const card = (num: string) => (j.portal.sql<CardRow>('SELECT * FROM cards WHERE custom_num = ?', [num]) as CardRow[])[0];

  /** Logs in, confirms the gate's prompt on home, and lands on its target. */
  async function toTarget(page: Page, num: string, mark: string | undefined, target: string) {
    await resetBrowser(page);
    await loginWithCardOf(page, num, mark);
    const prompt = redirectPrompt(page);
    await prompt.dialog.waitFor();
    await prompt.confirm.click();
    await waitForPath(page, target);
  }

  /** After verification: home asks nothing, and a guarded page opens. */
  async function gatePassed(page: Page) {
    await page.goto('/');
    await page.getByTestId('current-card').waitFor();
    await page.getByRole('link', { name: '流量查询' }).click();
    await waitForPath(page, '/flow');
    await page.getByTestId('daily-usage-chart').waitFor();
    expect(await redirectPrompt(page).dialog.count()).toBe(0);
  }

  it('URL mode (Telecom 1000000014, acme): remind → carrier page → the carrier’s form → back verified, gate passed', async () => {
    const { page } = j.phone;
    expect(card('1000000014').supplier_auth_state).toBe(0);
    await toTarget(page, '1000000014', 'acme', '/remind');
    await page.getByText('您是否已完成实名认证？').waitFor();
    await screenshot(page, 'remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/dx_real_name');
    await page.getByText('进入中国电信实名认证页面', { exact: false }).waitFor();
    await screenshot(page, 'dx-real-name');

    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/carrier/real-name/'));
    await screenshot(page, 'sim-carrier-url');
    await page.locator('input[name="name"]').fill('张三');
    await page.locator('input[name="id_number"]').fill('11010519491231002X');
    await page.getByRole('button', { name: '提交认证' }).click();

    await page.waitForURL((u) => u.pathname === '/dx_real_name' && u.searchParams.get('real_name') === 'done');
    await page.getByTestId('real-name-verified').waitFor();
    await screenshot(page, 'real-name-verified');
    const row = card('1000000014');
    expect([row.supplier_auth_state, row.auth_state]).toEqual([1, 1]);
    await gatePassed(page);
  });

  it('applet mode (Unicom 1000000003): the applet stand-in confirms, the card is verified and the gate passes', async () => {
    const { page } = j.phone;
    await toTarget(page, '1000000003', undefined, '/remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/lt_real_name');
    await page.getByText('打开中国联通实名认证小程序', { exact: false }).waitFor();
    await screenshot(page, 'lt-real-name');
    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/carrier/applet/'));
    await screenshot(page, 'sim-carrier-applet');
    await page.getByRole('button', { name: '模拟小程序实名：确认认证' }).click();
    await page.waitForURL((u) => u.pathname === '/lt_real_name' && u.searchParams.get('real_name') === 'done');
    await page.getByTestId('real-name-verified').waitFor();
    expect(card('1000000003').supplier_auth_state).toBe(1);
    await gatePassed(page);
  });

  it('/collect (1000000008): a malformed ID number shows the Chinese error and sends nothing; a valid one clears the gate', async () => {
    const { page } = j.phone;
    await toTarget(page, '1000000008', undefined, '/collect');
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/api/v1/user/card_real_name')) posts.push(r.url());
    };
    page.on('request', onRequest);
    await page.locator('input[name="name"]').fill('张三');
    await page.locator('input[name="id_number"]').fill('110101199003071234');
    await page.locator('input[name="mobile"]').fill('13800138000');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByTestId('error-idNumber').filter({ hasText: '身份证号码不正确，请检查后重新输入' }).waitFor();
    await screenshot(page, 'collect-error');
    expect(posts).toEqual([]);
    expect(card('1000000008').need_id).toBe(1);

    await page.locator('input[name="id_number"]').fill('110101199003074477');
    await page.getByRole('button', { name: '提交' }).click();
    await waitForPath(page, '/');
    page.off('request', onRequest);
    expect(posts).toHaveLength(1);
    expect(card('1000000008').need_id).toBe(0);
    await gatePassed(page);
  });

  it('ID photos (Telecom 1000000014, acme): a text file named .jpg is refused and nothing is saved; real photos preview, upload and are saved with the personal information', async () => {
    const { page } = j.phone;
    const num = '1000000014';
    const { id: cardId } = card(num);
    type Upload = { id: string; owner_user_id: number; owner_custom_num: string; mime: string; size: number; content: Buffer };
    // Uploads of a card-number login belong to the card (user 0); see modules/upload/rules.ts.
    const uploads = () => j.portal.sql<Upload>('SELECT * FROM uploads WHERE owner_custom_num = ? ORDER BY created_at', [num]) as Upload[];
    const personal = () =>
      j.portal.sql<{ name: string; id_number: string; mobile: string; id_photo_front: string | null; id_photo_back: string | null }>(
        'SELECT * FROM card_personal_info WHERE card_id = ?',
        [cardId],
      ) as { name: string; id_number: string; mobile: string; id_photo_front: string | null; id_photo_back: string | null }[];
    // This journey's own starting point, whatever ran before: personal information missing, so
    // the gate leads to /collect (need_id is checked before real-name, verified or not).
    j.portal.sql('DELETE FROM card_personal_info WHERE card_id = ?', [cardId]);
    j.portal.sql('UPDATE cards SET need_id = 1 WHERE id = ?', [cardId]);
    try {
      await toTarget(page, num, 'acme', '/collect');
      await page.getByText('身份证照片（中国电信要求上传）').waitFor();
      const front = page.getByTestId('photo-人像面');
      const back = page.getByTestId('photo-国徽面');
      const posts: string[] = [];
      const onRequest = (r: { method(): string; url(): string; postData(): string | null }) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/v1/user/card_real_name')) posts.push(r.postData() ?? '');
      };
      page.on('request', onRequest);
      const uploadAnswer = () => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/upload'));
      const before = uploads().length;

      // A text file renamed .jpg: the browser calls it image/jpeg, the server reads its bytes.
      let answer = uploadAnswer();
      await front.locator('input[type="file"]').setInputFiles(textPretendingToBeJpeg());
      const refused = await answer;
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 10409, message: '只能上传 JPG、PNG、WEBP 或 GIF 格式的图片' });
      await front.filter({ hasText: '只能上传 JPG、PNG、WEBP 或 GIF 格式的图片' }).waitFor();
      expect(await front.locator('img').count()).toBe(0); // no broken preview of a file that is no image
      await screenshot(page, 'collect-photo-refused');
      expect(uploads()).toHaveLength(before);

      // The form is otherwise complete: without both photos it is not sent.
      await page.locator('input[name="name"]').fill('张三');
      await page.locator('input[name="id_number"]').fill('11010519491231002X');
      await page.locator('input[name="mobile"]').fill('13900139000');
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByTestId('error-photos').filter({ hasText: '请上传身份证正反面照片' }).waitFor();
      expect(posts).toEqual([]);
      expect(personal()).toEqual([]);
      expect(uploads()).toHaveLength(before);

      // Real photos, encoded by the browser: a JPEG front and a PNG back.
      const jpeg = await idPhoto(page, 'front', 'image/jpeg');
      const png = await idPhoto(page, 'back', 'image/png');
      expect(startsWithBytes(jpeg.buffer, JPEG_MAGIC) && startsWithBytes(png.buffer, PNG_MAGIC)).toBe(true);
      answer = uploadAnswer();
      await front.locator('input[type="file"]').setInputFiles(jpeg);
      const frontId = ((await (await answer).json()) as { data: { id: string } }).data.id;
      answer = uploadAnswer();
      await back.locator('input[type="file"]').setInputFiles(png);
      const backId = ((await (await answer).json()) as { data: { id: string } }).data.id;
      await front.filter({ hasText: '人像面 · 已上传' }).waitFor();
      await back.filter({ hasText: '国徽面 · 已上传' }).waitFor();
      // the previews show the pictures themselves (decoded, not a broken image)
      for (const slot of [front, back]) {
        expect(await slot.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
      }
      expect(await page.getByTestId('error-photos').count()).toBe(0); // the photos' error went with the photos
      await screenshot(page, 'collect-photos');

      await page.getByRole('button', { name: '提交' }).click();
      await waitForPath(page, '/');
      page.off('request', onRequest);
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0]!)).toMatchObject({ custom_num: num, id_photo_front: frontId, id_photo_back: backId });

      // The database: the personal information with the two uploads, which are this card's own
      // images. All of it is sealed at rest (lib/personalData): nothing readable in the tables,
      // while the owner gets back, byte for byte, what was picked.
      const saved = personal();
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ id_photo_front: frontId, id_photo_back: backId });
      for (const stored of [saved[0]!.name, saved[0]!.id_number, saved[0]!.mobile]) expect(stored.startsWith('pd1.')).toBe(true);
      expect(JSON.stringify(saved[0])).not.toMatch(/张三|11010519491231002X|13900139000/);
      const mine = uploads();
      expect(mine).toHaveLength(before + 2);
      const byId = new Map(mine.map((u) => [u.id, u]));
      expect(byId.get(frontId)).toMatchObject({ owner_user_id: 0, owner_custom_num: num, mime: 'image/jpeg', size: jpeg.buffer.length });
      expect(byId.get(backId)).toMatchObject({ owner_user_id: 0, owner_custom_num: num, mime: 'image/png', size: png.buffer.length });
      expect(Buffer.from(byId.get(frontId)!.content).includes(jpeg.buffer.subarray(0, 16))).toBe(false);
      const fetched = (id: string) =>
        page.evaluate(async (url) => {
          const res = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('sim_token')}` } });
          return Array.from(new Uint8Array(await res.arrayBuffer()));
        }, `/api/v1/upload/${id}`);
      expect(Buffer.from(await fetched(frontId)).equals(jpeg.buffer)).toBe(true);
      expect(Buffer.from(await fetched(backId)).equals(png.buffer)).toBe(true);
      expect(card(num).need_id).toBe(0);

      // Back on /collect, the information on file is shown masked, never in full.
      await page.goto('/collect');
      const onFile = page.locator('dl').filter({ hasText: '身份证号' });
      await onFile.waitFor();
      expect((await onFile.innerText()).replace(/\s+/g, ' ')).toContain('姓名 张* 身份证号 1101**********002X 手机号 139****9000');
      expect(await page.locator('body').innerText()).not.toContain('11010519491231002X');
      await screenshot(page, 'collect-on-file');
    } finally {
      j.portal.sql('UPDATE cards SET need_id = 0 WHERE id = ?', [cardId]);
    }
  });

  it('Bajun (1000000010): /remind opens the real-name URL in a new tab and goes home', async () => {
    const { page, context } = j.phone;
    // the Bajun carrier's page, played here: the machine is offline
    await context.route('https://realname.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>八骏实名认证</title>' }),
    );
    await toTarget(page, '1000000010', undefined, '/remind');
    await page.getByRole('button', { name: '前往实名认证' }).waitFor();
    await screenshot(page, 'remind-bajun');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: '前往实名认证' }).click();
    const tab = await popup;
    expect(tab.url()).toBe('https://realname.example.com/bajun/1000000010');
    await tab.close();
    await waitForPath(page, '/');
    // its carrier page describes that web page (not the applet of other Bajun cards) and opens it
    await page.goto('/bj_real_name');
    await page.getByText('进入中国联通实名认证页面', { exact: false }).waitFor();
    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL('https://realname.example.com/bajun/1000000010');
  });

  it('multi-series (1000000007): chooses one series, then goes on to the packages', async () => {
    const { page } = j.phone;
    await toTarget(page, '1000000007', undefined, '/select');
    const options = page.getByRole('radio');
    await options.first().waitFor();
    expect(await options.count()).toBe(2);
    await screenshot(page, 'select');
    await options.first().click();
    await page.getByRole('button', { name: '确认选择' }).click();
    await waitForVisit(page, '/combo');
    const row = card('1000000007');
    expect(row.multi_series).toBe(0);
    expect(JSON.parse(row.package_series_ids)).toHaveLength(1);
  });

  it('replacement (1000000006): the notice warns about other devices; the application shows its status', async () => {
    const { page } = j.phone;
    await toTarget(page, '1000000006', undefined, '/replace_info');
    await page.getByTestId('change-card-content').filter({ hasText: '停机' }).waitFor();
    await screenshot(page, 'replace-info');
    await page.getByRole('button', { name: '申请换卡' }).click();
    await waitForPath(page, '/replace_card');
    await page.locator('input[name="receiver_name"]').fill('张三');
    await page.locator('input[name="receiver_mobile"]').fill('13800138000');
    await page.getByRole('button', { name: /所在地区/ }).click();
    await pickRegion(page, '北京市', '北京市', '朝阳区');
    await page.locator('input[name="address"]').fill('建国路88号');
    await page.locator('input[name="reason"]').fill('卡片损坏，无法识别');
    await screenshot(page, 'replace-card');
    await page.getByRole('button', { name: '提交申请' }).click();
    await waitForPath(page, '/replace_info');
    await page.getByTestId('application-status').filter({ hasText: '已提交，等待审核' }).waitFor();
    expect(card('1000000006').need_change_card).toBe(0);
  });

  it('China Mobile with mobile_real_name_mold 1 (1000000015, acme) gets the URL-mode carrier page; /tip lists what is left', async () => {
    const { page } = j.phone;
    await toTarget(page, '1000000015', 'acme', '/remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/yd_real_name');
    await page.getByText('进入中国移动实名认证页面', { exact: false }).waitFor();
    await screenshot(page, 'yd-real-name');
    await page.goto('/tip');
    const next = page.locator('li', { hasText: '完成实名认证' });
    await next.getByRole('link', { name: '去完成' }).waitFor();
    await screenshot(page, 'tip');
    await next.getByRole('link', { name: '去完成' }).click();
    await waitForPath(page, '/remind');
  });

  // No demo card is a CME card, a Bajun card without its own link, or one of the other carriers:
  // card 1000000020, which no other journey here uses, is switched to each supplier in turn.
  it.each([
    {
      supplier: 12,
      path: '/cme_real_name',
      carrier: '中国广电',
      step: '进入中国广电实名认证页面',
      sim: 'real-name',
      simTitle: '中国广电(CME) · 实名认证',
    },
    {
      supplier: 8,
      path: '/bj_real_name',
      carrier: '中国联通', // a Unicom SIM resold by 八骏: the network, not the supplier (docs/decisions/0011)
      step: '打开中国联通实名认证小程序',
      sim: 'applet',
      simTitle: '八骏实名小程序（模拟）',
    },
    {
      supplier: 6,
      path: '/fe_real_name',
      carrier: '中国联通', // a Unicom SIM resold by 酷鱼
      step: '打开中国联通实名认证小程序',
      sim: 'applet',
      simTitle: '酷鱼实名小程序（模拟）',
    },
  ])('$path (supplier $supplier): /remind leads there, it names $carrier, and 开始认证 opens the carrier’s page', async (row) => {
    const { page } = j.phone;
    const num = '1000000020';
    j.portal.sql(
      "UPDATE cards SET supplier = ?, supplier_auth_state = 0, auth_state = 0, fake_real_name = 0, real_name_url = '' WHERE custom_num = ?",
      [row.supplier, num],
    );
    await toTarget(page, num, undefined, '/remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, row.path);
    await page
      .getByRole('heading', { name: `${row.carrier}实名认证` })
      .first()
      .waitFor();
    await page.getByText(row.step, { exact: false }).waitFor();
    await screenshot(page, row.path.slice(1).replace(/_/g, '-'));
    // another carrier's page, typed in, gives way to the card's own
    await page.goto(row.path === '/dx_real_name' ? '/lt_real_name' : '/dx_real_name');
    await waitForPath(page, row.path);
    await page
      .getByRole('heading', { name: `${row.carrier}实名认证` })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/sim/carrier/${row.sim}/`));
    await page.getByText(row.simTitle).waitFor();
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
