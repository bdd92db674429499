import { expect, test } from 'vitest';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { findDemoPartsByStock, loadedPartRow, searchFromHeader } from './helpers/catalog';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * A dealer looks a part up by its OE number typed with dashes, opens the detail and every tab,
 * favourites it, views the gated stock (at 0 that submits an arrival reminder) and asks for the
 * reminder again (refused); browses a
 * category; and sees the red row for a number that matches nothing.
 */
const suite = useShopAndBrowser();

/**
 * A part that is out of stock for the account, orderable, has an OE number with spaces, and is
 * neither a favourite nor awaited yet (the shop is shared with other files).
 */
async function findOutOfStockPart(page: Page): Promise<ProductRow> {
  // The account (not regional) orders from Guangzhou only; its rows carry no figures (gated).
  const [part] = await findDemoPartsByStock(
    page,
    suite.shop.url,
    { count: 1 },
    (r) =>
      r.stock_state === 'tight' &&
      r.is_coming_soon === 0 &&
      r.is_delisting === 0 &&
      r.is_apply === 0 &&
      r.is_sub === 0 &&
      / /.test(r.number),
    (s) => s.frey_stock === 0,
    'the demo data has no out-of-stock part with a spaced OE number',
  );
  return part!;
}

test('search by OE with dashes → row → detail with every tab → favourite → arrival reminder twice', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, '13800000001');
  const part = await findOutOfStockPart(page);
  const typed = part.number.toLowerCase().replace(/ /g, '-'); // 'A 000 420 04 20' → 'a-000-420-04-20'

  await searchFromHeader(page, typed);
  await page.waitForURL('**/parts/result?**');
  // The screenshot waits for the part's row itself (the detail link is also in other panels),
  // loaded.
  const resultRow = await loadedPartRow(page, part.product_id);
  const link = resultRow.locator(`a[href*="/parts/details?id=${part.product_id}"]`).first();
  await link.waitFor();
  await screenshot(page, 'search-result');

  await link.click();
  await page.waitForURL(`**/parts/details?id=${part.product_id}**`);
  for (const tab of ['配件信息', '适用车型', '通用/替换号', '购买记录', '相关问题', '相关视频']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(300);
    await screenshot(page, `detail-tab-${tab.replace('/', '-')}`);
  }

  await page.getByRole('button', { name: '收藏' }).first().click();
  await page.getByText('收藏成功').first().waitFor();

  // The main variant gates exact stock: 'view stock' reveals it and, at 0, submits the reminder.
  await page.getByRole('button', { name: '查看库存' }).first().click();
  await page.getByText('提交成功').first().waitFor();
  await page.getByRole('button', { name: '已提醒' }).first().click();
  await page.getByText('已提交，不能重复提交').first().waitFor();
  await screenshot(page, 'detail-after-reminder');

  // The favourite and the alert are stored for this account.
  const again = await apiAs<ProductRowPage>(page, shop.url, '/api/Shop.Accessory/index', { keyword: part.number });
  const row = again.list.find((r) => r.product_id === part.product_id);
  expect(row).toMatchObject({ is_sub: 1, is_apply: 1 });
  expect(errors).toEqual([]);
});

test('browse a category from the home page, a number that matches nothing, the hot rank drawer', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, '13800000002');

  await page.getByText('配件分类').first().hover();
  const sub = page.locator('a[href*="/parts/sub_categories?id="]').first();
  await sub.waitFor();
  await sub.click();
  await page.waitForURL('**/parts/sub_categories?id=**');
  await page.locator('td a[href*="/parts/details?id="]').first().waitFor();
  await page
    .getByText(/共 \d+ 条/)
    .first()
    .waitFor();
  await screenshot(page, 'category');

  await searchFromHeader(page, 'ZZ-999-999-999');
  await page.waitForURL('**/parts/result?**');
  await page.getByText('未找到商品').first().waitFor();
  await page.getByText('ZZ-999-999-999').first().waitFor();
  await screenshot(page, 'not-found');

  // The hot sales list (from the demo order history) opens the detail drawer.
  await page.locator('aside li button').first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '配件详情' });
  await drawer.getByRole('tab', { name: '配件信息' }).waitFor();
  await drawer.getByText('在新窗口打开').first().waitFor();
  await screenshot(page, 'hot-rank-drawer');
  expect(errors).toEqual([]);
});
