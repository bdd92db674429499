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

/** Adds `quantity` of the part to the cart from its search result row, as a dealer does. */
export async function addFromSearch(page: Page, part: ProductRow, quantity: number) {
  await page.goto(`/parts/result?keyword=${encodeURIComponent(part.frey_no)}&t=${Date.now()}`);
  const row = page.getByTestId(`part-row-${part.product_id}`);
  await row.waitFor();
  await row.getByRole('textbox', { name: '数量' }).fill(String(quantity));
  await row.getByRole('button', { name: '加入购物车' }).click();
  await page.getByText('操作成功').first().waitFor();
  await row.getByTestId('in-cart').waitFor();
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

/** An account of a company no browser test logs in as (company B of the demo data). */
const STOCK_PROBE_PHONE = '13800000003';
const probeTokens = new Map<string, Promise<string>>();

async function probeToken(shopUrl: string): Promise<string> {
  let token = probeTokens.get(shopUrl);
  if (!token) {
    token = fetch(`${shopUrl}/api/Shop.User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: STOCK_PROBE_PHONE, password: 'demo1234' }),
    }).then(async (res) => ((await res.json()) as { data: { token: string } }).data.token);
    probeTokens.set(shopUrl, token);
  }
  return token;
}

/**
 * The warehouse stock of a part (frey_stock, beijing_stock), looked up through the stock call as
 * another company's account: the main variant sends no figures in rows until the company has
 * looked (the view-stock gate), and looking lifts the gate for that company only, so the test's
 * own account still sees its rows gated.
 */
export async function probeStock(
  shopUrl: string,
  productId: number,
): Promise<{ frey_stock: number; beijing_stock: number }> {
  const res = await fetch(`${shopUrl}/api/Shop.Accessory/getProductStock?product_id=${productId}`, {
    headers: { Authorization: await probeToken(shopUrl) },
  });
  return ((await res.json()) as { data: { frey_stock: number; beijing_stock: number } }).data;
}

/** A part a dealer can put in the cart now (orderable, listed, not coming soon) and has not yet. */
export const orderableNotInCart = (r: ProductRow): boolean =>
  r.is_orderable === 1 && r.is_delisting === 0 && r.is_coming_soon === 0 && r.cart_number === 0;

/**
 * The first `count` parts of product_list (as the page's account sees them, from page `from`)
 * that `matches` and whose warehouse stock `stockMatches`; throws `missing` when there are fewer.
 */
export async function findDemoPartsByStock(
  page: Page,
  shopUrl: string,
  options: { count: number; from?: number; warehouse?: 1 | 2 },
  matches: (row: ProductRow) => boolean,
  stockMatches: (stock: { frey_stock: number; beijing_stock: number }) => boolean,
  missing: string,
): Promise<ProductRow[]> {
  const found: ProductRow[] = [];
  for (let p = options.from ?? 1; p <= 10; p++) {
    const data = await apiAs<ProductRowPage>(page, shopUrl, '/api/Shop.Index/product_list', {
      page: p,
      limit: 100,
      ...(options.warehouse ? { warehouse: options.warehouse } : {}),
    });
    for (const row of data.list) {
      if (!matches(row) || !stockMatches(await probeStock(shopUrl, row.product_id))) continue;
      found.push(row);
      if (found.length === options.count) return found;
    }
    if (p * 100 >= data.total) break;
  }
  throw new Error(missing);
}
