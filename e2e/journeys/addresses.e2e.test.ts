// Journeys of addresses and of a replacement under way (docs/decisions/0046-addresses.md): a
// holder keeps an address book (地址管理, from 我的) whose province → city → district come from
// the region dataset; the device shop and the card replacement fill from it; after a replacement
// application home shows where the new card is — submitted, shipped with its tracking number —
// until it arrives. Before this there was no /address (it fell to /404), the district was a
// typed field (or missing), and home said nothing once the application was filed.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, pickRegion, resetBrowser, waitForPath } from './steps';

describe('addresses and the replacement on home', () => {
  const j = useJourney();

  it('我的 → 地址管理: adds an address with province → city → district, the first becomes the default; edits and deletes', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/mine');
    await page.getByText('地址管理').click();
    await waitForPath(page, '/address');
    await page.getByText('还没有保存的地址').waitFor();
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page
      .locator('.app-field-error')
      .getByText(/收货人姓名/)
      .waitFor();
    await page.getByPlaceholder('请输入收货人姓名').fill('王小明');
    await page.getByPlaceholder('请输入收货人手机号').fill('13700137000');
    await page.getByPlaceholder('街道、楼栋、门牌号').fill('科技园科苑路 15 号');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.app-field-error').getByText('请选择所在省 / 市 / 区县').waitFor();
    await page.getByRole('button', { name: /所在地区/ }).click();
    await pickRegion(page, '广东省', '深圳市', '南山区');
    await expect.poll(() => page.getByRole('button', { name: /所在地区/ }).innerText()).toContain('广东省 深圳市 南山区');
    await screenshot(page, 'addresses-form');
    await page.getByRole('button', { name: '保存' }).click();
    const first = page.locator('[data-address]').filter({ hasText: '王小明' });
    await first.getByText('广东省 深圳市 南山区 科技园科苑路 15 号').waitFor();
    await first.getByText('默认', { exact: true }).waitFor();

    // a second one, then edit it and make it the default
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByPlaceholder('请输入收货人姓名').fill('李四');
    await page.getByPlaceholder('请输入收货人手机号').fill('13600136000');
    await page.getByRole('button', { name: /所在地区/ }).click();
    await pickRegion(page, '北京市', '北京市', '朝阳区');
    await page.getByPlaceholder('街道、楼栋、门牌号').fill('建国路 88 号');
    await page.getByRole('button', { name: '保存' }).click();
    const second = page.locator('[data-address]').filter({ hasText: '李四' });
    await second.getByText('北京市 朝阳区 建国路 88 号').waitFor();
    await second.getByRole('button', { name: '编辑' }).click();
    await page.getByPlaceholder('街道、楼栋、门牌号').fill('建国路 99 号 2 单元');
    await page.getByRole('button', { name: '保存' }).click();
    await second.getByText('北京市 朝阳区 建国路 99 号 2 单元').waitFor();
    await screenshot(page, 'addresses-list');
    await second.getByRole('button', { name: '设为默认' }).click();
    await second.getByText('默认', { exact: true }).waitFor();
    await first.getByRole('button', { name: '删除' }).click();
    // the confirm dialog's button (not a row's: the dialog may still be opening)
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await first.waitFor({ state: 'detached' });
    const rows = j.portal.sql<{ receiver: string; district: string }>('SELECT receiver, district FROM holder_addresses') as {
      receiver: string;
      district: string;
    }[];
    expect(rows).toHaveLength(1);
    // sealed at rest
    expect(JSON.stringify(rows)).not.toMatch(/李四|朝阳/);
  });

  it('the device shop fills its form from the default address, and offers the others', async () => {
    const { page } = j.phone;
    const id = (j.portal.sql<{ id: number }>("SELECT id FROM shop_products WHERE name = '4G 随身WiFi（MiFi）'") as { id: number }[])[0]!.id;
    await page.goto(`/shopping?product=${id}`);
    await page.getByRole('heading', { name: '填写订单' }).waitFor();
    await expect.poll(() => page.getByPlaceholder('请输入收货人姓名').inputValue()).toBe('李四');
    expect(await page.getByRole('button', { name: /所在地区/ }).innerText()).toContain('北京市 朝阳区');
    expect(await page.getByPlaceholder('街道、楼栋、门牌号').inputValue()).toBe('建国路 99 号 2 单元');
    await page.getByRole('button', { name: /从地址簿选择/ }).waitFor();
    await screenshot(page, 'addresses-shop-form');
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page.getByText('北京市 朝阳区 建国路 99 号 2 单元').waitFor();
  });

  it('a replacement filed from the address book shows its progress on home until the new card arrives', async () => {
    const { page } = j.phone;
    j.portal.sql("UPDATE cards SET need_change_card = 1 WHERE custom_num = '1000000001'");
    await page.goto('/replace_card');
    await page.locator('input[name=reason]').waitFor();
    await page.getByRole('button', { name: /从地址簿选择/ }).click();
    await page.locator('.adm-popup [data-address]').filter({ hasText: '李四' }).click();
    await expect.poll(() => page.locator('input[name=receiver_name]').inputValue()).toBe('李四');
    await page.locator('input[name=reason]').fill('卡片损坏，无法识别');
    await screenshot(page, 'addresses-replace-card');
    await page.getByRole('button', { name: '提交申请' }).click();
    await waitForPath(page, '/replace_info');
    await page.getByTestId('replacement-progress').filter({ hasText: '换卡申请审核中' }).waitFor();

    await page.goto('/');
    const progress = page.getByTestId('replacement-progress');
    await progress.filter({ hasText: '换卡申请审核中' }).waitFor();
    expect(await progress.locator('[aria-current=step]').innerText()).toBe('已提交申请');
    await screenshot(page, 'home-replacement-submitted');

    // the operator ships it (the console's queue writes these columns)
    j.portal.sql(
      "UPDATE change_card_applications SET status = 'shipped', carrier = '顺丰速运', tracking_no = 'SF1234567890' WHERE card_id = (SELECT id FROM cards WHERE custom_num = '1000000001')",
    );
    await page.reload();
    await progress.filter({ hasText: '顺丰速运 SF1234567890，请留意查收' }).waitFor();
    expect(await progress.locator('[aria-current=step]').innerText()).toBe('新卡已寄出');
    await screenshot(page, 'home-replacement-shipped');
    await page.getByRole('link', { name: /查看详情/ }).click();
    await waitForPath(page, '/replace_info');
    await page.getByTestId('tracking').filter({ hasText: 'SF1234567890' }).waitFor();
    await screenshot(page, 'replace-info-shipped');

    // the new card arrived: home no longer shows it
    j.portal.sql(
      "UPDATE change_card_applications SET status = 'done' WHERE card_id = (SELECT id FROM cards WHERE custom_num = '1000000001')",
    );
    const fresh = page.waitForResponse((r) => r.url().includes('/api/v2/card/info') && r.ok());
    await page.goto('/');
    await fresh;
    await page.getByRole('heading', { name: '当前套餐' }).waitFor();
    await expect.poll(() => page.getByTestId('replacement-progress').count()).toBe(0);
    expect(j.errors).toEqual([]);
  });
});
