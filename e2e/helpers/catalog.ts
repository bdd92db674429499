import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { Locator, Page } from 'playwright-core';
import { apiAs } from './session';

/** The header search box's placeholder (spec.md 'Search flow'). */
const SEARCH_BOX = '输入OE号 / 编码 / 名称 / 车架号，多个号码每行一个';

/**
 * The first part of the demo catalog (the first 1,000 of product_list, as the page's account
 * sees them) that `matches`; throws `missing` when there is none.
 */
export async function findDemoPart(
  page: Page,
  shopUrl: string,
  matches: (row: ProductRow) => boolean,
  missing: string,
): Promise<ProductRow> {
  for (let p = 1; p <= 10; p++) {
    const data = await apiAs<ProductRowPage>(page, shopUrl, '/api/Shop.Index/product_list', { page: p, limit: 100 });
    const row = data.list.find(matches);
    if (row) return row;
    if (p * 100 >= data.total) break;
  }
  throw new Error(missing);
}

/** Types the keyword in the header search box and presses Enter, as a dealer searches. */
export async function searchFromHeader(page: Page, keyword: string): Promise<void> {
  const box = page.getByPlaceholder(SEARCH_BOX);
  await box.fill(keyword);
  await box.press('Enter');
}

/**
 * The result row of the part once the list has finished loading: antd's Spin dims the rows
 * (opacity 0.5, fading back) while a page loads, which a screenshot would show.
 */
export async function loadedPartRow(page: Page, productId: number): Promise<Locator> {
  const row = page.getByTestId(`part-row-${productId}`);
  await row.waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-spin-container')).every((el) => getComputedStyle(el).opacity === '1'),
  );
  return row;
}
