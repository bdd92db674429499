import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import sharp from 'sharp';
import { openPage, screenshot, SCREENSHOT_DIR } from './helpers/browser';
import { openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The learning centre and posters in a browser (issue 29): company A's main account reads a
 * demo article (its progress recorded), opens today's marketing, makes a poster of a template and
 * a part found by name, sees the PNG the server drew and downloads it. The PNG is kept under
 * test-results/screenshots to look at.
 */
const suite = useShopAndBrowser();

const MAIN = '13800000001';

test('学习中心: the demo articles by category; an article opens and counts as read', async () => {
  const { shop, browser } = suite;
  const { page } = await openPageAs(browser, shop, MAIN);
  await page.goto('/profile/study_centre');
  const list = page.getByRole('list', { name: '学习内容' });
  await list.getByRole('button', { name: '如何辨别原厂刹车片' }).waitFor();
  await page.getByRole('tab', { name: /安装指导/ }).click();
  await list.getByRole('button', { name: '点火线圈更换视频' }).waitFor();
  expect(await list.getByRole('listitem').count()).toBe(1);
  await page.getByRole('tab', { name: '全部' }).click();
  await screenshot(page, 'learning-centre');

  await list.getByRole('button', { name: '如何辨别原厂刹车片' }).click();
  const dialog = page.getByRole('dialog', { name: '如何辨别原厂刹车片' });
  await dialog.getByText('原厂刹车片的包装印有防伪标签').waitFor();
  await screenshot(page, 'learning-article');
  // Read to the end: the progress reaches 100.
  await dialog.getByTestId('study-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await dialog.getByText('更换时请同时检查刹车盘厚度', { exact: false }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await list.getByRole('button', { name: '如何辨别原厂刹车片' }).getByText('已学完').waitFor();
});

test('今日营销 → 制作海报: a template and a part, the server draws the PNG, shown and downloadable', async () => {
  const { shop, browser } = suite;
  const { page } = await openPageAs(browser, shop, MAIN);
  await page.goto('/parts/marketing');
  await page
    .getByRole('list', { name: '今日营销内容' })
    .getByRole('button', { name: /刹车系统专场/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '刹车系统专场' });
  await dialog.getByText('满 5000 元送工具套装', { exact: false }).waitFor();
  await screenshot(page, 'marketing-today');
  await dialog.getByRole('button', { name: /用「蓝色专场」模板制作海报/ }).click();
  await page.waitForURL('**/parts/marketing/edit?template_id=*');

  await page.getByRole('button', { name: /刹车系统专场/, pressed: true }).waitFor();
  await page.getByRole('searchbox', { name: '搜索配件' }).fill('刹车片');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const results = page.getByRole('list', { name: '配件搜索结果' });
  await results.getByRole('button', { name: '选择' }).first().click();
  await results.getByRole('button', { name: '选择' }).first().click();
  await page.getByRole('button', { name: '生成海报' }).click();
  const poster = page.getByTestId('poster-image');
  await poster.waitFor();
  await screenshot(page, 'marketing-poster-edit');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载海报' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^海报-\d+\.png$/);
  // The PNG the dealer downloads: 750x1334, kept to look at.
  const png = readFileSync(await download.path());
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 750, height: 1334 });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/marketing-poster.png`, png);
});

test('back office: 学习中心 and 营销海报 list the demo content for content.manage staff', async () => {
  const { shop, browser } = suite;
  const { page } = await openPage(browser, shop);
  await staffLoginThroughPage(page, '/learning', 'catalog');
  await page.getByRole('cell', { name: '如何辨别原厂刹车片' }).waitFor();
  await screenshot(page, 'back-office-learning');
  await page.goto('/admin/marketing');
  await page.getByRole('cell', { name: '刹车系统专场' }).first().waitFor();
  await page.getByRole('tab', { name: '海报模板' }).click();
  await page.getByRole('cell', { name: '蓝色专场' }).waitFor();
  await screenshot(page, 'back-office-poster-templates');
});
