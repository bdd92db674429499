import { expect, test } from 'vitest';
import { openPage, screenshot } from './helpers/browser';
import { loginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * 'I want to develop' and feedback, as a dealer uses them: submit a development request, like
 * someone's, open one's own request, send feedback from the side bar and find it under
 * /profile/feedback; the home page shows the most liked requests. Asserts only about what this
 * file creates (the shop is shared).
 */
const suite = useShopAndBrowser();

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a dealer asks for a part, likes a request, and sends feedback that shows in the account centre', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPage(browser, shop);
  const stamp = Date.now().toString(36).toUpperCase();
  await loginThroughPage(page, '13800000003');

  // The home page's floor of the most liked requests (demo data has some), with its anchor entry.
  const floor = page.getByRole('region', { name: '热门开发' });
  await floor.getByRole('listitem').first().waitFor();
  await page.getByTestId('anchor-bar').getByRole('button', { name: '热门开发' }).waitFor({ timeout: 10_000 });
  await page.getByTestId('anchor-bar').getByRole('button', { name: '热门开发' }).click();
  await screenshot(page, 'home-hot-development');

  // Submit a development request.
  await page.goto('/profile/product_develop');
  const card = page.getByRole('region', { name: '我要开发' });
  await card.getByRole('row').nth(1).waitFor();
  const partName = `E2E 机油滤清器 ${stamp}`;
  await card.getByRole('button', { name: '提交需求' }).click();
  const dialog = page.getByRole('dialog', { name: '提交开发需求' });
  await dialog.getByRole('button', { name: '提交' }).click();
  await dialog.getByText('请填写配件名称').waitFor();
  await dialog.getByLabel('配件名称').fill(partName);
  await dialog.getByLabel('适用车型').fill('宝马 530Li G38 2019');
  await dialog.getByLabel('OE 号').fill('11428575211');
  await dialog.getByLabel('预计月需求量').fill('0');
  await dialog.getByText('预计月需求量须为正整数').waitFor();
  await dialog.getByLabel('预计月需求量').fill('30');
  // A picture (the server checks its content: a real PNG).
  await dialog.locator('input[type=file]').setInputFiles({ name: '滤清器.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByText('滤清器.png').waitFor();
  await screenshot(page, 'product-develop-add');
  await dialog.getByRole('button', { name: '提交' }).click();
  await page.getByText('提交成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText(partName).waitFor();

  // Like someone else's request: the count rises by one and stays after a reload.
  const likeButton = card.getByRole('button', { name: /^点赞 (?!E2E)/ }).first();
  const label = (await likeButton.getAttribute('aria-label')) ?? '';
  const [, name, count] = /^点赞 (.+)，(\d+) 个赞$/.exec(label) ?? [];
  expect(name, label).toBeTruthy();
  await likeButton.click();
  const liked = card.getByRole('button', { name: `已点赞 ${name}，${Number(count) + 1} 个赞` });
  await liked.waitFor();
  await page.reload();
  await liked.waitFor();
  await screenshot(page, 'product-develop');

  // One's own requests, and the detail of the new one.
  await card.getByRole('tab', { name: '我的需求' }).click();
  await card.getByRole('link', { name: partName }).click();
  await page.waitForURL('**/profile/product_develop_detail?id=*');
  const detail = page.getByRole('region', { name: '开发需求详情' });
  await detail.getByText('11428575211').waitFor();
  await detail.getByText('暂无回复，我们会尽快评估').waitFor();
  // The picture came back from the server (fetched with the login) and shows.
  await detail.locator('img[alt$="图片 1"]').waitFor();
  expect(await detail.locator('img[alt$="图片 1"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await screenshot(page, 'product-develop-detail');

  // Feedback from the side bar, then in the account centre.
  const text = `E2E 反馈：希望订单列表可以按车型筛选 ${stamp}`;
  await page
    .getByRole('complementary', { name: '侧边栏' })
    .getByRole('button', { name: /意见反馈/ })
    .click();
  const feedbackDialog = page.getByRole('dialog', { name: '意见反馈' });
  await feedbackDialog.getByLabel('反馈内容').fill(`  ${text}  `);
  await feedbackDialog.getByRole('button', { name: '提交' }).click();
  await page.getByText('提交成功').first().waitFor();
  await feedbackDialog.waitFor({ state: 'hidden' });

  await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('link', { name: '意见反馈' }).click();
  await page.waitForURL('**/profile/feedback');
  const feedbackCard = page.getByRole('region', { name: '意见反馈' });
  const row = feedbackCard.getByRole('row', { name: new RegExp(stamp) });
  await row.waitFor();
  await row.getByText('待回复').waitFor();
  await row.getByRole('button', { name: '查看' }).click();
  const detailDialog = page.getByRole('dialog', { name: '反馈详情' });
  await detailDialog.getByText(text).waitFor();
  await detailDialog.getByText('暂无回复，我们会尽快处理').waitFor();
  await screenshot(page, 'feedback-detail');
  await detailDialog.getByRole('button', { name: /Close|关闭/ }).click();
  await screenshot(page, 'feedback');

  expect(errors).toEqual([]);
});
