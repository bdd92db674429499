import { expect, test } from 'vitest';
import type { ProductRow } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { findDemoPart, loadedPartRow, searchFromHeader } from './helpers/catalog';
import { openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The variant with the delisting notice (partsky): a dealer types a part's own code after the
 * brand's short name ('配天117-…') in the header search and finds a part that is going but can
 * still be ordered (可订货), out of stock: it keeps its arrival reminder. (A going part that
 * cannot be ordered shows 即将下架 and offers none: the demo data has none of those for this
 * variant, so the part-group and detail component tests and the server tests cover it.)
 */
const suite = useShopAndBrowser('partsky');

function findGoingOrderablePart(page: Page): Promise<ProductRow> {
  return findDemoPart(
    page,
    suite.shop.url,
    (r) => r.is_delisting === 1 && r.is_orderable === 1 && r.my_stock === 0 && r.is_apply === 0,
    'the demo data has no orderable delisting part without stock',
  );
}

test('配天 + own code in the header search → a going part that can be ordered keeps 到货提醒', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, '13800000001');
  const part = await findGoingOrderablePart(page);
  expect(part.frey_no.startsWith('PS')).toBe(true);
  const typed = `配天${part.frey_no.slice(2)}`; // 'PS117-0000004' → '配天117-0000004'

  await searchFromHeader(page, typed);
  await page.waitForURL('**/parts/result?**');
  const row = await loadedPartRow(page, part.product_id);
  await row.getByText('可订货').first().waitFor();
  await row.getByRole('button', { name: '到货提醒' }).waitFor();
  await screenshot(page, 'partsky-brand-name-search');

  await row.getByRole('button', { name: '到货提醒' }).click();
  await page.getByText('提交成功').first().waitFor();
  await row.getByRole('button', { name: '已提醒' }).waitFor();
  expect(errors).toEqual([]);
});
