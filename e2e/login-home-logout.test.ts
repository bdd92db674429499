import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { startShop, type ShopServer } from './helpers/shop-server';

/**
 * The first journey of a dealer: the shop sends them to /login, they log in with a demo
 * account, see the home page with header and footer in Chinese, and log out again.
 */
let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

test('login → home → logout, in Chinese, without console errors', async () => {
  const { page, errors, context } = await openPage(browser, shop.url);

  // The page comes with its security headers; the app runs under that policy (a violation is a
  // console error, and `errors` must stay empty).
  const answer = await page.goto('/');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await page.waitForURL('**/login');
  await page.getByPlaceholder('账号 / 手机号').waitFor();
  await page.waitForFunction(() => document.title.includes('登录'));
  await screenshot(page, 'login');

  // A wrong password is refused with the server's reason, and nothing is lost from the form.
  await page.getByPlaceholder('账号 / 手机号').fill('13800000001');
  await page.getByPlaceholder('密码').fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByText('账号或密码错误').waitFor();
  expect(await page.getByPlaceholder('账号 / 手机号').inputValue()).toBe('13800000001');

  await page.getByPlaceholder('密码').fill('demo1234');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/home');

  // Header with company, footer with filing number, home sections with demo data.
  const header = page.locator('header').first();
  await header.getByText('退出').waitFor();
  await expect(header.innerText()).resolves.toMatch(/公司|有限/);
  await page.getByText('配件分类').first().waitFor();
  await page.getByText('热门推荐').first().waitFor();
  await page.getByText('新品上架').first().waitFor();
  await page.getByText(/ICP备/).first().waitFor();
  await page.waitForFunction(() => document.title.includes('首页'));
  // Product cards arrive from the API with pictures served by the shop itself.
  await page.locator('img[src*="/media/"]').first().waitFor();
  await page.waitForTimeout(4000); // the anchor bar appears 3.6 s after load
  await screenshot(page, 'home');

  // Unknown path → 404 page.
  await page.goto('/no-such-page');
  await page.waitForURL('**/404');

  // Logout: dialog '提示', '确认退出', back at /login, token gone.
  await page.goto('/home');
  await page.locator('header').first().getByText('退出').click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await dialog.getByText('确定要退出当前登录的账号吗', { exact: false }).waitFor();
  await screenshot(page, 'logout-dialog');
  await dialog.getByRole('button', { name: '确认退出' }).click();
  await page.waitForURL('**/login');
  await page.getByText('已退出系统').waitFor();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();

  // Without a token every page leads back to /login.
  await page.goto('/home');
  await page.waitForURL('**/login');

  // The only expected console error: the 'wrong password' login answered as a business refusal
  // is not a console error at all, so there must be none.
  expect(errors).toEqual([]);
});
