import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './helpers/browser';
import { openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * 优惠券 in the back office (issue 27): the catalog staff member creates an issued voucher (valid
 * from yesterday, so whatever the day in China it is usable now), issues it to the demo company A
 * (广州骏达汽配贸易有限公司) by searching it, and its main dealer (dealer_a, 13800000001) sees it
 * usable in /profile/coupon. The voucher is stopped at the end, so the demo data offers nothing new.
 * The 活动管理 screen is shown with its new-activity dialog.
 */
const suite = useShopAndBrowser();

const DEALER_A = '13800000001';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function pickDays(page: Page, from: string, to: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('开始日期').click();
  await dialog.getByPlaceholder('开始日期').fill(from);
  await dialog.getByPlaceholder('开始日期').press('Enter');
  await dialog.getByPlaceholder('结束日期').fill(to);
  await dialog.getByPlaceholder('结束日期').press('Enter');
}

test('staff create a voucher and issue it to company A; dealer_a sees it usable in 优惠券', async () => {
  const { shop, browser } = suite;
  const name = `后台定向券${Date.now() % 1_000_000}`;
  const { page, errors } = await openPage(browser, shop);
  await staffLoginThroughPage(page, '/coupons', 'catalog');

  await page.getByRole('button', { name: /新建优惠券/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('面额').fill('20');
  await dialog.getByLabel('使用门槛').fill('100');
  await pickDays(page, day(-1), day(30));
  await dialog.getByLabel('总数').fill('50');
  await screenshot(page, 'back-office-voucher-form');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('已创建').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const row = page.locator('tr', { hasText: name });
  await row.getByText('满 100 减 20').waitFor();
  await row.getByRole('button', { name: '发放' }).click();
  const issue = page.getByRole('dialog');
  await issue.getByLabel('公司').fill('骏达');
  await page.getByTitle('广州骏达汽配贸易有限公司', { exact: false }).first().click();
  await issue.getByRole('button', { name: /发\s*放/ }).click();
  await page.getByText('已发放 1 次').waitFor();
  await row.getByText('已发 1 · 已用 0 · 1 家').waitFor();
  await screenshot(page, 'back-office-vouchers');

  await page.goto('/admin/activities');
  await page.getByRole('heading', { name: '活动管理' }).waitFor();
  await page.getByRole('button', { name: '编辑' }).first().waitFor();
  await screenshot(page, 'back-office-activity-list');
  await page.getByRole('button', { name: /新建活动/ }).click();
  await page.getByRole('dialog').getByLabel('名称').waitFor();
  await screenshot(page, 'back-office-activity-form');

  const dealer = await openPageAs(browser, shop, DEALER_A);
  await dealer.page.goto('/profile/coupon');
  await dealer.page.getByRole('list', { name: '可使用' }).getByText(name).waitFor();
  await screenshot(dealer.page, 'back-office-voucher-dealer');

  // Stopped again: the demo data offers the dealers nothing new.
  await page.goto(`/admin/coupons?keyword=${encodeURIComponent(name)}`);
  await row.getByRole('button', { name: '停用' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /停\s*用/ })
    .click();
  await row.getByText('已停用').waitFor();

  expect(errors).toEqual([]);
  expect(dealer.errors).toEqual([]);
});
