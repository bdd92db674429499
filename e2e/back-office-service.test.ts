import { expect, test } from 'vitest';
import type { QuestionList } from '@shop/core/api/parts';
import { openPage, screenshot } from './helpers/browser';
import { findDemoPart } from './helpers/catalog';
import { apiAs, openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The service area in a browser (issue 26): a dealer asks a question about a part (through the
 * API); customer service finds it in the back office's queue (waiting, unread), opens it, answers
 * with text and a picture; the dealer opens the part's 相关问题 tab and reads the answer, with the
 * new-answer dot and the picture.
 *
 * The dealer is company B's main account, asking a question of its own (its text carries the
 * run's time), so no other file's subjects change; an answered question stays in B's history.
 */
const suite = useShopAndBrowser();

const DEALER = '13800000003';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('customer service answers a question from the queue with a picture, and the dealer reads it', async () => {
  const { shop, browser } = suite;
  const dealer = await openPageAs(browser, shop, DEALER);
  const part = await findDemoPart(
    dealer.page,
    shop.url,
    (r) => r.is_delisting === 0,
    'the demo data has no listed part for the service journey',
  );
  const text = `e2e 咨询 ${Date.now()}：这个件适配 2020 款吗？`;
  await apiAs(dealer.page, shop.url, '/api/Shop.RelatedQuestions/add', {
    product_id: part.product_id,
    ask_questions: text,
    type: 1,
  });

  // Customer service: the queue of waiting questions, after the login.
  const { page, errors } = await openPage(browser, shop);
  await staffLoginThroughPage(page, '/service?kind=question&state=waiting', 'service');
  const row = page.locator('tr', { hasText: text });
  await row.waitFor();
  expect(await row.textContent()).toContain('待回复');
  expect(await row.textContent()).toContain('未读');
  await screenshot(page, 'back-office-service-queue');

  // The detail: answer with a text and a picture; a double click sends once.
  await row.getByRole('link').click();
  await page.waitForURL('**/admin/service/question/*');
  await page.getByText(text).waitFor();
  await page.getByLabel('回复内容').fill('适配 2020 款，安装方向见图。');
  await page.locator('input[type="file"]').setInputFiles({ name: '安装图.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('.ant-upload-list-item-done').waitFor();
  await screenshot(page, 'back-office-service-answer');
  await page.getByRole('button', { name: /回复$/ }).dblclick();
  await page.getByText('适配 2020 款，安装方向见图。').waitFor();
  await page.getByRole('img', { name: '回复图片 1' }).waitFor();
  await screenshot(page, 'back-office-service-answered');

  // Back in the queue it is answered and read.
  await page.goto('/admin/service?kind=question&state=answered');
  const answered = page.locator('tr', { hasText: text });
  await answered.waitFor();
  expect(await answered.textContent()).toContain('已回复');
  expect(await answered.textContent()).not.toContain('未读');

  // The dealer reads the answer on the part's page, with the dot and the picture.
  const seen = await apiAs<QuestionList>(
    dealer.page,
    shop.url,
    `/api/Shop.RelatedQuestions/getList?id=${part.product_id}`,
  );
  expect(seen.list.find((q) => q.ask_questions === text)?.reply_contente).toBe('适配 2020 款，安装方向见图。');
  await dealer.page.goto(`/parts/details?id=${part.product_id}`);
  await dealer.page.getByRole('tab', { name: '相关问题' }).click();
  const question = dealer.page.getByTestId('question').filter({ hasText: text });
  await question.getByText('适配 2020 款，安装方向见图。').waitFor();
  await question.getByText('新回复').waitFor();
  await question.locator('img[alt="回复图片"]').waitFor();
  await screenshot(dealer.page, 'back-office-service-dealer-reads');

  expect(errors).toEqual([]);
  expect(dealer.errors).toEqual([]);
});
