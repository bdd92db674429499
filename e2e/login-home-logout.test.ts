import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, SCREENSHOT_DIR, screenshot } from './helpers/browser';
import { loginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The first journey of a dealer: the shop sends them to /login, they log in with a demo
 * account, see the home page with header and footer in Chinese, and log out again.
 */
const suite = useShopAndBrowser();

test('login → home → logout, in Chinese, without console errors', async () => {
  const { shop, browser } = suite;
  const { page, errors, context } = await openPage(browser, shop);

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
  // The demo activity runs: the login goes once to the activity zone (spec.md section 2), then home.
  await page.waitForURL('**/parts/activity');
  await page.getByRole('heading', { name: '活动专区' }).waitFor();
  await page.getByText('春季保养节').first().waitFor();
  await page.locator('[data-testid^="part-row-"]').first().waitFor();
  await screenshot(page, 'activity-zone');
  await page.getByRole('link', { name: '首页' }).first().click();
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

  // The 'wrong password' login is answered as a business refusal, not a console error, and the
  // live socket closes before the logout ends the session: no console error at all.
  expect(errors).toEqual([]);
});

/** How many lines the text of each element takes (distinct tops of its text's boxes). */
async function lineCounts(page: Page, selectors: Record<string, string>): Promise<Record<string, number>> {
  return page.evaluate((sels) => {
    const out: Record<string, number> = {};
    for (const [name, sel] of Object.entries(sels)) {
      const el = document.querySelector(sel);
      if (!el) {
        out[name] = -1;
        continue;
      }
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      out[name] = tops.size;
    }
    return out;
  }, selectors);
}

test('the header keeps its top bar and its main row on one line each at 1440 and 1280 px (long company name)', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPage(browser, shop);
  // The regional dealer: the longest demo company name.
  await loginThroughPage(page, '13800000004');
  const header = page.locator('header').first();
  await header.getByText('客服热线').waitFor();
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const topBar = await page.locator('header [class*="topInner"]').evaluate((bar) => {
      const items = Array.from(bar.querySelectorAll('span, a, button')).filter((e) => (e as HTMLElement).offsetParent);
      const centres = items.map((e) => e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2);
      // On one line the items' middles lie within a few pixels (icons and text differ a little).
      return { spread: Math.max(...centres) - Math.min(...centres), text: (bar as HTMLElement).innerText };
    });
    expect(topBar.text).toContain('北京京通汽配城有限公司');
    expect(topBar.text).toContain('13800000004');
    expect(topBar.text).toContain('退出');
    expect(topBar.spread, `top bar items at ${width}px`).toBeLessThan(6);
    const hotline = header.getByText('400-830-1888');
    await hotline.waitFor();
    const counts = await lineCounts(page, {
      welcome: 'header [class*="welcome"]',
      company: 'header [class*="company"]',
      hotlineNumber: 'header [class*="hotlineNumber"]',
      hotlineLabel: 'header [class*="hotlineLabel"]',
    });
    expect(counts, `lines at ${width}px`).toEqual({ welcome: 1, company: 1, hotlineNumber: 1, hotlineLabel: 1 });
    // The hotline sits in the main row, to the right of the cart, inside the page width.
    const [cart, phone] = await Promise.all([
      header
        .getByRole('link', { name: /购物车/ })
        .first()
        .boundingBox(),
      hotline.boundingBox(),
    ]);
    expect(phone!.x).toBeGreaterThan(cart!.x + cart!.width);
    expect(phone!.x + phone!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/header-${width}.png`, clip: { x: 0, y: 0, width, height: 190 } });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(errors).toEqual([]);
});

test('/bind_wx opens without a login and leads to /login', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPage(browser, shop);
  await page.goto('/bind_wx');
  await page.getByText('绑定微信账号').waitFor();
  expect(new URL(page.url()).pathname).toBe('/bind_wx');
  await screenshot(page, 'bind-wx');
  await page.getByRole('link', { name: '返回登录' }).click();
  await page.waitForURL('**/login');
  expect(errors).toEqual([]);
});
