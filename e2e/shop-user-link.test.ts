import { expect, test } from 'vitest';
import { openPage, screenshot } from './helpers/browser';
import { openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * A `?shopUser=<token>` link (decision 0025): into a browser signed in as another account it
 * asks first and names the account; cancelling keeps the session; a dead link changes nothing;
 * into a browser without a session it signs in as spec.md says. The token never stays in the address.
 */
const suite = useShopAndBrowser();

async function tokenOf(phone: string): Promise<string> {
  const res = await suite.shop.fetch('/api/Shop.User/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password: 'demo1234' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test('a shopUser link asks before switching a signed-in browser, and signs in a browser without a session', async () => {
  const { shop, browser } = suite;
  const linkToken = await tokenOf('13800000003');
  const { page, errors, context } = await openPageAs(browser, shop, '13800000001');
  const header = page.locator('header').first();
  await header.getByText('广州骏达汽配贸易有限公司').waitFor();
  const ownToken = (await context.cookies()).find((c) => c.name === 'token')?.value;

  // Signed in as A, a link for B: asked first, the token already gone from the address.
  await page.goto(`/home?shopUser=${linkToken}`);
  const dialog = page.getByRole('dialog', { name: '切换账号' });
  await dialog.getByText('切换到 上海宏远汽车服务有限公司 的账号？当前账号将退出').waitFor();
  expect(page.url()).not.toContain('shopUser');
  await screenshot(page, 'shop-user-switch');
  await dialog.getByRole('button', { name: '保留当前账号' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await header.getByText('广州骏达汽配贸易有限公司').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'token')?.value).toBe(ownToken);

  // A dead link changes nothing.
  await page.goto('/home?shopUser=not-a-token');
  await page.getByText('登录链接无效或已过期，已保留当前账号').waitFor();
  expect(page.url()).not.toContain('shopUser');
  expect((await context.cookies()).find((c) => c.name === 'token')?.value).toBe(ownToken);

  // Confirmed: signed in as B at the site root.
  await page.goto(`/parts/list?shopUser=${linkToken}`);
  await dialog.getByRole('button', { name: '切换账号' }).click();
  await page.waitForURL('**/home');
  await header.getByText('上海宏远汽车服务有限公司').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'token')?.value).toBe(linkToken);
  expect(errors).toEqual([]);

  // A browser without a session: the link signs in at once, without asking.
  const fresh = await openPage(browser, shop);
  await fresh.page.goto(`/parts/list?shopUser=${linkToken}`);
  await fresh.page.waitForURL('**/home');
  await fresh.page.locator('header').first().getByText('上海宏远汽车服务有限公司').waitFor();
  expect(fresh.page.url()).not.toContain('shopUser');
  expect(await fresh.page.getByRole('dialog', { name: '切换账号' }).count()).toBe(0);
  expect(fresh.errors).toEqual([]);
});
