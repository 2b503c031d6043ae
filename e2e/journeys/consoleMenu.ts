// The console's grouped side menu, for journeys: open a page by its menu title (opening its group
// first if closed), open every group, read the menu as groups and items. The groups are the
// console's (apps/console/src/app/menu.ts); a page not in a group is at the top level.
import type { Page } from 'playwright-core';

/** Menu title of a page → title of its group. */
const GROUP_OF: Record<string, string> = {
  卡片: '卡片管理',
  卡片档案: '卡片管理',
  导入: '卡片管理',
  批量任务: '卡片管理',
  WiFi设备任务: '卡片管理',
  套餐目录: '商品',
  代理价格: '商品',
  优惠券发放: '商品',
  订单: '订单与资金',
  余额: '订单与资金',
  佣金: '订单与资金',
  工单: '待办队列',
  代理申请: '待办队列',
  换卡申请: '待办队列',
  实名记录: '待办队列',
  发货: '待办队列',
  超限审批: '待办队列',
  操作员: '系统',
  运营商账号: '系统',
  手机端错误: '系统',
  审计日志: '系统',
  账号安全: '系统',
};

const exact = (text: string) => new RegExp(`^${text}$`);

/** A group's own title (relative: for `has` inside the group's element). */
function titleOf(page: Page, group: string) {
  return page.locator('.ant-menu-submenu-title > .ant-menu-title-content', { hasText: exact(group) });
}

export function menuItem(page: Page, title: string) {
  return page
    .locator('.ant-layout-sider .ant-menu-item')
    .filter({ has: page.locator('.ant-menu-title-content', { hasText: exact(title) }) });
}

/** Opens a group of the menu unless it is open. */
export async function openGroup(page: Page, group: string): Promise<void> {
  const sub = page.locator('.ant-layout-sider .ant-menu-submenu').filter({ has: titleOf(page, group) });
  const isOpen = () => sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open'));
  // the group above may still be unfolding and move this title under the pointer: try again then
  for (let attempt = 0; attempt < 5 && !(await isOpen()); attempt++) {
    await sub.locator('.ant-menu-submenu-title').click();
    await page
      .locator('.ant-layout-sider .ant-menu-submenu-open')
      .filter({ has: titleOf(page, group) })
      .waitFor({ timeout: 2_000 })
      .catch(() => {});
  }
  await page
    .locator('.ant-layout-sider .ant-menu-submenu-open')
    .filter({ has: titleOf(page, group) })
    .waitFor();
}

/** Goes to a page through the side menu. */
export async function menuTo(page: Page, title: string): Promise<void> {
  const group = GROUP_OF[title];
  if (group) await openGroup(page, group);
  await menuItem(page, title).click();
}

/** Every group opened; the menu's items in order (the pages the operator may open). */
export async function menuItems(page: Page): Promise<string[]> {
  await page.locator('.ant-layout-sider .ant-menu-item').first().waitFor();
  const titles = await page.locator('.ant-layout-sider .ant-menu-submenu-title .ant-menu-title-content').allInnerTexts();
  for (const g of titles) await openGroup(page, g);
  return page.locator('.ant-layout-sider .ant-menu-item .ant-menu-title-content').allInnerTexts();
}

/** The menu as an operator sees it: top-level pages, and groups as `组: 项 项`. */
export async function menuTree(page: Page): Promise<string[]> {
  await menuItems(page);
  return page.locator('.ant-layout-sider .ant-menu-root > li').evaluateAll((lis) =>
    lis.map((li) => {
      const own = (el: Element | null) => el?.querySelector('.ant-menu-title-content')?.textContent?.trim() ?? '';
      if (!li.classList.contains('ant-menu-submenu')) return own(li);
      const items = Array.from(li.querySelectorAll('.ant-menu-item')).map((i) => own(i));
      return `${own(li.querySelector('.ant-menu-submenu-title'))}: ${items.join(' ')}`;
    }),
  );
}

/**
 * Sign in to the console as `username` and wait for its dashboard (the journeys' one way in). An
 * operator already signed in on this page is signed out first (its session cookie dropped): a journey
 * switches operators by signing in again. The portal's own login in the same browser is kept.
 */
export async function consoleLogin(page: Page, username: string, password: string): Promise<void> {
  await page.context().clearCookies({ name: 'op_session' });
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/admin/dashboard');
}
