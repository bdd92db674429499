import { expect, test } from 'vitest';
import type { PartnerSaleSummary } from '@shop/core/api/report';
import { groupedMoney } from '@shop/core/money';
import { screenshot } from './helpers/browser';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The partner report (docs/report.md) in a browser: company A's main account opens 合伙人报表
 * from the main nav; the figures equal the API's, the month chart is drawn (ECharts, SVG) and
 * the part table lists the parts. Read-only: it changes nothing other files rely on.
 */
const suite = useShopAndBrowser();

test('main nav → 合伙人报表: totals as the API answers, the chart drawn, the tables', async () => {
  const { shop, browser } = suite;
  const { page } = await openPageAs(browser, shop, '13800000001');
  await page.getByRole('link', { name: '合伙人报表' }).first().click();
  await page.waitForURL('**/parts/report');
  const s = await apiAs<PartnerSaleSummary>(page, shop.url, '/api/Shop.Report/partnerSaleSummary', {});
  await page.getByText(`¥${groupedMoney(s.total.amount)}`, { exact: true }).waitFor();
  if (s.total.quantity > 0 || s.total.last_quantity > 0) {
    const chart = page.getByRole('img', { name: '每月采购额与去年同期' });
    await chart.locator('svg').first().waitFor();
    expect(await chart.locator('svg path').count()).toBeGreaterThan(s.months.length);
  }
  await page.getByRole('tab', { name: /按配件/ }).click();
  if (s.parts.length > 0) await page.getByRole('cell', { name: s.parts[0]!.frey_no, exact: true }).waitFor();
  await page.getByRole('tab', { name: '按月份' }).click();
  await screenshot(page, 'partner-report');
});
