import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { openPage, screenshot } from './helpers/browser';
import { openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * Resource share (docs/resource-share.md) in a browser: company B imports a sheet of surplus
 * stock with its contact, checks the preview and publishes it; company A finds the entry by its
 * number with B's contact; customer service takes it down in the back office (资源共享) and A no
 * longer finds it. The number is this run's own, so no other file's data matters.
 */
const suite = useShopAndBrowser();

/**
 * The page's 查找 button. Not anchored at the start: antd's Button can keep its (hidden) loading
 * icon, named 'loading', after a search (its leave animation does not always end).
 */
const SEARCH = /查\s*找$/;

test('B imports a sheet → preview → 确认发布; A finds it by number with B’s contact', async () => {
  const { shop, browser } = suite;
  const number = `RS-E2E-${Date.now().toString(36).toUpperCase()}`;
  const contact = '王经理 13912345678';
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('库存');
  ws.addRow(['配件编号', '配件名称', '数量', '价格']);
  ws.addRow([number, '前刹车片（富余）', 6, 88.5]);
  const file = Buffer.from(await book.xlsx.writeBuffer());

  const b = (await openPageAs(browser, shop, '13800000003')).page;
  await b.goto('/parts/resource_share');
  await b.getByRole('tab', { name: '我的共享' }).click();
  await b.getByLabel('联系方式').fill(contact);
  await b.getByRole('tabpanel', { name: '我的共享' }).locator('input[type=file]').setInputFiles({
    name: '库存.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  const preview = b.getByRole('region', { name: '导入预览' });
  await preview.getByRole('cell', { name: number }).waitFor();
  await screenshot(b, 'resource-share-preview');
  await preview.getByRole('button', { name: '确认发布' }).click();
  await b.getByRole('cell', { name: number }).waitFor();

  const a = (await openPageAs(browser, shop, '13800000001')).page;
  await a.goto('/parts/resource_share');
  await a.locator('input[aria-label="查找共享库存"]').fill(number.toLowerCase());
  await a.getByRole('button', { name: SEARCH }).click();
  const row = a.locator('tr', { hasText: number });
  await row.getByText(contact).waitFor();
  await row.getByText('¥88.50').waitFor();
  await screenshot(a, 'resource-share-found');

  // Customer service finds it in the back office by B's company and takes it down with a reason.
  const { page: office } = await openPage(browser, shop);
  await staffLoginThroughPage(office, `/resource-share?keyword=${number}`, 'service');
  const entry = office.locator('tr', { hasText: number });
  await entry.getByText(contact).waitFor();
  await entry.getByText('共享中').waitFor();
  await screenshot(office, 'back-office-resource-share');
  await entry.getByRole('button', { name: '下架' }).click();
  const dialog = office.getByRole('dialog');
  await dialog.getByLabel('下架原因').fill('信息不实');
  await screenshot(office, 'back-office-resource-share-take-down');
  await dialog.getByRole('button', { name: /确认下架/ }).click();
  await entry.getByText('原因：信息不实').waitFor();
  await screenshot(office, 'back-office-resource-share-taken-down');

  // A searches again, the same words on the same page: the server is asked again and the entry is gone.
  await a.locator('input[aria-label="查找共享库存"]').fill(number.toLowerCase());
  await a.getByRole('button', { name: SEARCH }).click();
  await a.getByText('没有找到匹配的共享库存').waitFor();
  await expect.poll(() => a.locator('tr', { hasText: number }).count()).toBe(0);
});
