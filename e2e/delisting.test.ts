import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { apiAs, loginThroughPage } from './helpers/session';
import { startShop, type ShopServer } from './helpers/shop-server';

/**
 * The variant with the delisting notice (partsky): a dealer types a part's own code after the
 * brand's short name ('配天117-…') in the header search and finds a part that is going but can
 * still be ordered (可订货), out of stock: it keeps its arrival reminder. (A going part that
 * cannot be ordered shows 即将下架 and offers none: the demo data has none of those for this
 * variant, so the part-group and detail component tests and the server tests cover it.)
 */
let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ BRAND: 'partsky' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function findGoingOrderablePart(page: Page): Promise<ProductRow> {
  for (let p = 1; p <= 10; p++) {
    const data = await apiAs<ProductRowPage>(page, shop.url, '/api/Shop.Index/product_list', { page: p, limit: 100 });
    const row = data.list.find((r) => r.is_delisting === 1 && r.is_orderable === 1 && r.my_stock === 0);
    if (row) return row;
    if (p * 100 >= data.total) break;
  }
  throw new Error('the demo data has no orderable delisting part without stock');
}

test('配天 + own code in the header search → a going part that can be ordered keeps 到货提醒', async () => {
  const { page, errors } = await openPage(browser, shop.url);
  await loginThroughPage(page, '13800000001');
  const part = await findGoingOrderablePart(page);
  expect(part.frey_no.startsWith('PS')).toBe(true);
  const typed = `配天${part.frey_no.slice(2)}`; // 'PS117-0000004' → '配天117-0000004'

  const box = page.getByPlaceholder('输入OE号 / 编码 / 名称 / 车架号，多个号码每行一个');
  await box.fill(typed);
  await box.press('Enter');
  await page.waitForURL('**/parts/result?**');
  const row = page.getByTestId(`part-row-${part.product_id}`);
  await row.waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-spin-container')).every((el) => getComputedStyle(el).opacity === '1'),
  );
  await row.getByText('可订货').first().waitFor();
  await row.getByRole('button', { name: '到货提醒' }).waitFor();
  await screenshot(page, 'partsky-brand-name-search');

  await row.getByRole('button', { name: '到货提醒' }).click();
  await page.getByText('提交成功').first().waitFor();
  await row.getByRole('button', { name: '已提醒' }).waitFor();
  expect(errors).toEqual([]);
});
