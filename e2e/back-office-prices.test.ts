import { expect, test } from 'vitest';
import type { ProductRowPage } from '@shop/core/api/parts';
import { openPage, screenshot } from './helpers/browser';
import { loadedPartRow, searchFromHeader } from './helpers/catalog';
import { apiAs, openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * A price list from the ERP in a browser (issue 26): the catalog staff member logs in to the back
 * office, uploads a .csv with a new dealer price for one part, sees the preview (one row to
 * update, one unknown part), confirms it; the dealer's search shows the new price. The batch is
 * then rolled back from its page and the dealer sees the old price again, so the demo data is as
 * before for the other files (the part is one of the last of the first 1,000, which no other
 * file takes).
 */
const suite = useShopAndBrowser();

const DEALER = '13800000004';
const NEW_PRICE = '4321.09';

test('catalog staff import a price list; the dealer sees the new price, and again the old one after the rollback', async () => {
  const { shop, browser } = suite;
  const dealer = await openPageAs(browser, shop, DEALER);
  const first = await apiAs<ProductRowPage>(dealer.page, shop.url, '/api/Shop.Index/product_list', {
    page: 1,
    limit: 100,
  });
  const lastPage = Math.min(10, Math.ceil(first.total / 100));
  const list = await apiAs<ProductRowPage>(dealer.page, shop.url, '/api/Shop.Index/product_list', {
    page: lastPage,
    limit: 100,
  });
  const part = list.list.filter((r) => Object.keys(r.prices).length > 0).at(-1)!;
  const label = Object.keys(part.prices)[0]!;
  const before = part.prices[label];

  const { page, errors } = await openPage(browser, shop);
  await staffLoginThroughPage(page, '/imports?kind=prices', 'catalog');

  // The price list: the part's first price by its key as the header, and a part that does not exist.
  const csv = `配件编号,${label}\n${part.frey_no},${NEW_PRICE}\nNO-SUCH-PART-1,10\n`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'erp-prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const batchRow = page.locator('tr', { hasText: 'erp-prices.csv' }).first();
  await batchRow.getByText('待确认').waitFor();
  await screenshot(page, 'back-office-imports');
  await batchRow.getByRole('link').click();
  await page.getByText(`${NEW_PRICE}`, { exact: false }).first().waitFor();
  await page.getByText('配件编号不存在').waitFor();
  await screenshot(page, 'back-office-import-preview');
  await page.getByRole('button', { name: '确认导入' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '确认导入' }).dblclick();
  await page.getByText('已导入', { exact: true }).first().waitFor();

  // The dealer searches the part and sees the new price.
  await searchFromHeader(dealer.page, part.frey_no);
  let row = await loadedPartRow(dealer.page, part.product_id);
  await expect.poll(() => row.getByTestId('prices').textContent()).toContain(`¥${NEW_PRICE}`);
  await screenshot(dealer.page, 'back-office-import-dealer-price');

  // Rolled back: the old price again.
  await page.getByRole('button', { name: '回滚' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '回滚' }).click();
  await page.getByText('已回滚', { exact: true }).first().waitFor();
  await page.getByTestId('rollback-report').waitFor();
  await dealer.page.reload();
  row = await loadedPartRow(dealer.page, part.product_id);
  await expect.poll(() => row.getByTestId('prices').textContent()).toContain(`¥${Number(before).toFixed(2)}`);

  expect(errors).toEqual([]);
  expect(dealer.errors).toEqual([]);
});
