import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPage, screenshot } from './helpers/browser';
import { openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * Payments and monthly statements (issue 28). The demo data holds the companies' history as the
 * monthly job would have built it (demo/statements.ts): last month's statement of company A
 * (广州骏达汽配贸易有限公司) waits for confirmation, with its delivered orders and the payment of the
 * month before. The finance staff member records a payment today (it goes on this month's
 * statement, built next month: the server tests follow a payment onto its statement), finds A's
 * statement under 对账单, where building last month again makes none; A's main dealer (dealer_a,
 * 13800000001) sees it on /profile/bill, confirms it and downloads the PDF, whose text is read back.
 * The 信用额度 and 特批订单 screens are shown too.
 */
const suite = useShopAndBrowser();

const DEALER_A = '13800000001';
const COMPANY_A = '广州骏达汽配贸易有限公司';

/** Today, China time, and the month before ('2026-10'). */
function chinaToday(): { day: string; month: string; label: string } {
  const china = new Date(Date.now() + 8 * 3_600_000);
  const y = china.getUTCMonth() === 0 ? china.getUTCFullYear() - 1 : china.getUTCFullYear();
  const m = china.getUTCMonth() === 0 ? 12 : china.getUTCMonth();
  const month = `${y}-${String(m).padStart(2, '0')}`;
  return { day: china.toISOString().slice(0, 10), month, label: `${y}年${m}月` };
}

async function pdfText(path: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(path)), useSystemFonts: false }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join('');
  }
  return text;
}

test('finance records a payment and finds last month’s statement; dealer_a sees it on /profile/bill, confirms it and gets the PDF', async () => {
  const { shop, browser } = suite;
  const { day, month, label } = chinaToday();
  const reference = `E2E${Date.now() % 100_000_000}`;
  const { page, errors } = await openPage(browser, shop);
  await staffLoginThroughPage(page, '/finance/payments', 'finance');
  await page.getByRole('heading', { name: '回款登记' }).waitFor();
  await page.getByRole('button', { name: /登记回款/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('公司').fill('骏达');
  await page.getByTitle(COMPANY_A).first().click();
  await dialog.getByLabel('金额（元）').fill('888.88');
  const date = dialog.getByLabel('付款日期');
  await date.click();
  await date.fill(day);
  await date.press('Enter');
  await dialog.getByLabel('参考号（流水号、票号）').fill(reference);
  await screenshot(page, 'finance-payment-form');
  await dialog.getByRole('button', { name: /登\s*记/ }).click();
  await page.getByText('回款已登记').first().waitFor();
  await page.locator('tr', { hasText: reference }).getByText('888.88').waitFor();
  await screenshot(page, 'finance-payments');

  await page.goto('/admin/finance/statements');
  await page.getByRole('heading', { name: '对账单' }).waitFor();
  await page.getByRole('button', { name: '生成对账单' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /生\s*成/ })
    .click();
  // Every company with anything to state has last month's statement already.
  await page.getByText('已生成 0 份对账单').first().waitFor();
  await page.goto(`/admin/finance/statements?month=${month}&keyword=${encodeURIComponent('骏达')}`);
  await page.locator('tr', { hasText: COMPANY_A }).getByText('待确认').waitFor();
  await screenshot(page, 'finance-statements');
  await page.goto('/admin/finance/credit');
  await page.locator('tr', { hasText: COMPANY_A }).waitFor();
  await screenshot(page, 'finance-credit');
  await page.goto('/admin/finance/approvals');
  await page.getByRole('heading', { name: '特批订单' }).waitFor();
  await screenshot(page, 'finance-approvals');

  const dealer = await openPageAs(browser, shop, DEALER_A);
  await dealer.page.goto(`/profile/bill?month=${month}`);
  const statement = dealer.page.getByRole('region', { name: `${label}对账单` });
  await statement
    .getByText(/^订单 SO\w+ 发货签收$/)
    .first()
    .waitFor();
  const lastPayment = await statement.getByText(/^回款（银行转账，参考号 HK\d+）$/).textContent();
  await screenshot(dealer.page, 'bill-before-confirm');
  await statement.getByRole('button', { name: '确认对账单' }).click();
  await dealer.page.getByRole('button', { name: '确认无误' }).click();
  await dealer.page.getByText('对账单已确认').first().waitFor();
  await statement.getByText('已确认').first().waitFor();
  await screenshot(dealer.page, 'bill-confirmed');

  const download = dealer.page.waitForEvent('download');
  await statement.getByRole('button', { name: /下载 PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`对账单_${month.replace('-', '')}.pdf`);
  const text = await pdfText((await file.path())!);
  expect(text).toContain(`${label}对账单`);
  expect(text).toContain(COMPANY_A);
  expect(text).toContain('发货签收');
  expect(text).toContain(lastPayment!.replace(/^回款（银行转账，|）$/g, ''));
  expect(text).not.toContain(reference);
  expect(text).toContain('已确认');

  // A month the company has no statement of (an old link) is said so, not replaced by the newest.
  await dealer.page.goto('/profile/bill?month=2019-01');
  await dealer.page.getByText('没有2019年1月的对账单').waitFor();
  await screenshot(dealer.page, 'bill-no-statement');

  expect(errors).toEqual([]);
  expect(dealer.errors).toEqual([]);
});
