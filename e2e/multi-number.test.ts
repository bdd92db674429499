import { expect, onTestFinished, test } from 'vitest';
import ExcelJS from 'exceljs';
import type { CartList } from '@shop/core/api/cart';
import type { ProductRowPage } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './helpers/browser';
import { removeNewCartLines } from './helpers/cleanup';
import { apiAs, loginThroughPage, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * A dealer pastes 20 numbers with quantities into the multi-number box on the home page, gets
 * one group per line (found, through a replacement number, not found), ticks the rows and copies
 * the quotation; then fills the box from a spreadsheet through the import dialog (a broken file
 * first: 'import failed' and retry) and searches it.
 */
const suite = useShopAndBrowser();

interface Subjects {
  /** 'number=quantity' lines as typed. */
  lines: string[];
  /** The own code of the part each line should find ('' for the unknown ones). */
  expected: string[];
}

/** 20 real numbers from the demo data: OE numbers, own codes, replacement numbers, 2 unknown. */
async function realNumbers(page: Page): Promise<Subjects> {
  const data = await apiAs<ProductRowPage>(page, suite.shop.url, '/api/Shop.Index/product_list', {
    page: 1,
    limit: 100,
  });
  const rows = data.list.filter((r) => r.is_delisting === 0);
  const lines: string[] = [];
  const expected: string[] = [];
  const seen = new Set<string>();
  const add = (number: string, freyNo: string) => {
    if (seen.has(number) || lines.length >= 18) return;
    seen.add(number);
    lines.push(`${number}=${(lines.length % 5) + 1}`);
    expected.push(freyNo);
  };
  rows.slice(0, 8).forEach((r) => add(r.number, r.frey_no));
  rows.slice(8, 14).forEach((r) => add(r.frey_no, r.frey_no));
  rows
    .slice(14)
    .filter((r) => r.search_numbers.length > 0)
    .slice(0, 4)
    .forEach((r) => add(r.search_numbers[0]!.search_number, r.frey_no));
  rows.slice(30).forEach((r) => add(r.number, r.frey_no));
  lines.splice(5, 0, 'ZZ-NOT-A-PART-1=3');
  expected.splice(5, 0, '');
  lines.push('ZZ-NOT-A-PART-2');
  expected.push('');
  expect(lines).toHaveLength(20);
  return { lines, expected };
}

test('paste 20 numbers → one group per line → tick → copy quotation', async () => {
  const { shop, browser } = suite;
  const { page, errors, context } = await openPage(browser, shop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
  await loginThroughPage(page, '13800000001');
  const { lines, expected } = await realNumbers(page);
  // The company's cart as it was: the shop is shared, so the test adds to it and takes its lines out again.
  const cartBefore = (await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {})).cart_list;
  onTestFinished(() => removeNewCartLines(page, shop.url, cartBefore));

  const box = page.getByLabel('多号搜索编号');
  await box.fill(lines.join('\n'));
  await page.getByText('已输入 20 个编号，最多 500 个').waitFor();
  await screenshot(page, 'multi-number-home-box');
  await page
    .getByTestId('multi-number-box')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await page.waitForURL('**/parts/result?**');
  await page.getByTestId('line-group-20').waitFor();

  const groups = page.getByTestId(/^line-group-/);
  expect(await groups.count()).toBe(20);
  for (let i = 0; i < 20; i++) {
    const group = groups.nth(i);
    if (expected[i]) {
      await expect(group.getAttribute('data-status')).resolves.not.toBe('not_found');
      await group.getByText(expected[i]!, { exact: true }).first().waitFor();
    } else {
      expect(await group.getAttribute('data-status')).toBe('not_found');
      await group.getByTestId('not-found-row').waitFor();
    }
  }
  // A replacement number says which number found the part.
  await page
    .getByText(/^通过替换号 .+ 找到$/)
    .first()
    .waitFor();
  // Quantities come from the lines ('=1'…'=5').
  const firstQuantity = groups.nth(0).getByLabel('数量', { exact: true }).first();
  expect(await firstQuantity.inputValue()).toBe(lines[0]!.split('=')[1]);
  await screenshot(page, 'multi-number-result');

  // Copy needs a ticked row.
  await page.getByTestId('copy-quotation').click();
  await page.getByText('请先勾选配件').waitFor();

  await page.getByLabel('全选全部结果').check();
  const copyButton = page.getByTestId('copy-quotation');
  const label = (await copyButton.textContent()) ?? '';
  const count = Number(/（(\d+)）/.exec(label)?.[1]);
  expect(count).toBeGreaterThanOrEqual(18);
  await copyButton.click();
  await page.getByText(`成功复制${count}条报价信息`).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const quoted = copied.split('\n');
  expect(quoted[0]).toBe('报价单（发货仓库：广州仓）');
  expect(quoted).toHaveLength(count + 2);
  expect(quoted[1]).toContain(`编码:${expected[0]}`);
  expect(quoted[1]).toContain(`× ${lines[0]!.split('=')[1]} =`);
  expect(quoted.at(-1)).toMatch(/^合计：¥\d+\.\d{2}（共 \d+ 项）$/);
  await screenshot(page, 'multi-number-copied');

  // The ticked rows go to the cart with their quantities (the cart's batchAdd).
  await page.getByTestId('add-ticked-to-cart').click();
  await page.getByText('操作成功').first().waitFor();
  const cart = await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {});
  const inGuangzhou = (list: CartList['cart_list']) =>
    list.find((item) => item.frey_no === expected[0] && item.warehouse_type === 1)?.quantity ?? 0;
  expect(inGuangzhou(cart.cart_list)).toBe(inGuangzhou(cartBefore) + Number(lines[0]!.split('=')[1]));
  expect(errors).toEqual([]);
});

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('询价单');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('import a spreadsheet through the dialog (broken file, retry, success) and search it', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, '13800000001');
  const { lines } = await realNumbers(page);
  const numbers = lines.slice(0, 6).map((l) => l.split('='));

  const box = page.getByTestId('multi-number-box');
  await box.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('导入说明').waitFor();
  const confirm = dialog.getByRole('button', { name: /确\s*定/ });
  expect(await confirm.isDisabled()).toBe(true);

  // The template link downloads a real workbook.
  const href = await dialog.getByRole('link', { name: /下载导入模板/ }).getAttribute('href');
  const template = await shop.fetch(href!);
  expect(template.headers.get('content-type')).toContain('spreadsheetml');

  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({
    name: '询价单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('this is not a spreadsheet'),
  });
  await dialog.getByText('导入失败').waitFor();
  await dialog.getByText('文件内容不是有效的 Excel 表格，请使用模板填写后再导入').waitFor();
  expect(await confirm.isDisabled()).toBe(true);
  await screenshot(page, 'multi-number-import-failed');
  await dialog.getByRole('button', { name: /重\s*试/ }).click();

  const file = await workbook([['配件编号', '数量'], ...numbers.map(([n, q]) => [n!, Number(q)])]);
  await input.setInputFiles({
    name: '询价单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByText('导入成功', { exact: true }).waitFor();
  await dialog.getByText(`询价单.xlsx：导入成功，共 ${numbers.length} 个编号`).waitFor();
  await screenshot(page, 'multi-number-import-ok');
  await confirm.click();
  await dialog.waitFor({ state: 'hidden' });

  const text = await page.getByLabel('多号搜索编号').inputValue();
  expect(text.split('\n')).toHaveLength(numbers.length);
  expect(text.split('\n')[0]).toMatch(new RegExp(`=${numbers[0]![1]}$`));
  await box.getByRole('button', { name: /搜\s*索/ }).click();
  await page.waitForURL('**/parts/result?**');
  await page.getByTestId(`line-group-${numbers.length}`).waitFor();
  expect(await page.getByTestId(/^line-group-/).count()).toBe(numbers.length);
  await screenshot(page, 'multi-number-import-result');
  expect(errors).toEqual([]);
});

test('a regional account ships from Beijing: picker, default warehouse, quotation for Beijing', async () => {
  const { shop, browser } = suite;
  const { page, errors, context } = await openPage(browser, shop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
  await loginThroughPage(page, '13800000004');
  const { lines } = await realNumbers(page);

  await page.getByLabel('多号搜索编号').fill(lines.slice(0, 3).join('\n'));
  await page
    .getByTestId('multi-number-box')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await page.getByTestId('line-group-3').waitFor();
  const picker = page.getByTestId('warehouse-picker');
  await picker.getByText('北京仓').click();
  await picker.getByRole('button', { name: /设为默认仓库/ }).click();
  await page.getByText('设置成功').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'default_warehouse')?.value).toBe('2');

  await page.getByLabel('全选全部结果').check();
  await page.getByTestId('copy-quotation').click();
  await page.getByText(/^成功复制\d+条报价信息$/).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')[0]).toBe('报价单（发货仓库：北京仓）');
  // Figures or, behind the view-stock gate, the state of the Beijing warehouse.
  expect(copied).toMatch(/北京仓(有货|无货|库存紧张|库存正常)/);
  await screenshot(page, 'multi-number-beijing');
  expect(errors).toEqual([]);
});
