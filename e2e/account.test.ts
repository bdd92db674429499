import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './helpers/browser';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The account journeys (issue 29, docs/account.md): signing in with an SMS code read from the
 * shop's log (the local SMS gateway writes it there, as a phone would receive it); a main account
 * adds a sub-account, which signs in and changes its password (the old one stops working); the
 * account page and the public /bind_wx page, looked at.
 */
const suite = useShopAndBrowser();

/** The last code the local SMS gateway logged for a phone, waiting for it to appear. */
async function codeFromLog(phone: string, after: string | undefined): Promise<string> {
  const pattern = new RegExp(`发送到 ${phone} 的验证码是 (\\d{6})`, 'g');
  for (let i = 0; i < 100; i++) {
    const found = [...(await suite.shop.log()).matchAll(pattern)].map((m) => m[1]!);
    const last = found.at(-1);
    if (last && found.length > (after === undefined ? 0 : Number(after))) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in the shop's log`);
}

async function codesSoFar(phone: string): Promise<string> {
  return String([...(await suite.shop.log()).matchAll(new RegExp(`发送到 ${phone} 的验证码是`, 'g'))].length);
}

/**
 * The login form's submit button, exactly: while a sign-in is on its way it reads '登录中…' (the
 * page's own button, without antd's loading icon, whose leave animation once kept 'loading' in the
 * name after a refused code).
 */
const LOGIN_BUTTON = { name: '登录', exact: true } as const;

async function atHome(page: Page): Promise<void> {
  await page.waitForURL(/\/(home|parts\/activity)$/);
  if (new URL(page.url()).pathname === '/parts/activity') await page.goto('/home');
  await page.locator('header').first().getByText('退出').waitFor();
}

test('sign in with an SMS code read from the shop’s log', async () => {
  const { shop, browser } = suite;
  const { page, errors, context } = await openPage(browser, shop);
  const phone = '13800000003';
  await page.goto('/login');
  await page.getByRole('tab', { name: '短信验证码' }).click();
  await page.getByLabel('手机号').fill(phone);
  const before = await codesSoFar(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送，请注意查收').waitFor();
  await page.getByRole('button', { name: /秒后重发/ }).waitFor();
  const code = await codeFromLog(phone, before);
  // A wrong code first: refused, the form stays.
  await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', LOGIN_BUTTON).click();
  await page.getByText('验证码错误或已过期，请重新获取').waitFor();
  await page.getByLabel('验证码').fill(code);
  await screenshot(page, 'login-sms');
  await page.getByRole('button', LOGIN_BUTTON).click();
  await atHome(page);
  expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

test('a main account adds a sub-account; it signs in and changes its password', async () => {
  const { shop, browser } = suite;
  const main = await openPageAs(browser, shop, '13800000001');
  await main.page.goto('/profile/account');
  await main.page.getByRole('heading', { name: '个人信息' }).waitFor();
  await main.page.getByRole('region', { name: '个人信息' }).getByText('广州骏达汽配贸易有限公司').waitFor();
  await main.page.getByRole('heading', { name: '修改密码' }).waitFor();
  await screenshot(main.page, 'profile-account');

  await main.page.getByRole('link', { name: '管理子账号' }).click();
  await main.page.waitForURL('**/profile/sub_accounts');
  await main.page.getByRole('heading', { name: '子账号管理' }).waitFor();
  const suffix = String(Date.now() % 100_000_000).padStart(8, '0');
  const phone = `137${suffix}`;
  const username = `e2e_sub_${suffix}`;
  await main.page.getByRole('button', { name: '添加子账号' }).click();
  const dialog = main.page.getByRole('dialog');
  await dialog.getByLabel('账号名').fill(username);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('登录密码').fill('first-pass-1');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await main.page.getByRole('cell', { name: username }).waitFor();
  await screenshot(main.page, 'profile-sub-accounts');

  const sub = await openPageAs(browser, shop, phone, 'first-pass-1');
  await sub.page.goto('/profile/account');
  await sub.page.getByText(username).waitFor();
  await sub.page.getByText('子账号', { exact: true }).waitFor();
  // Sub-accounts have no sub-account management.
  expect(await sub.page.getByRole('link', { name: '子账号管理' }).count()).toBe(0);
  await sub.page.getByLabel('原密码').fill('first-pass-1');
  await sub.page.getByLabel('新密码', { exact: true }).fill('second-pass-2');
  await sub.page.getByLabel('确认新密码').fill('second-pass-2');
  await sub.page.getByRole('button', { name: '修改密码' }).click();
  await sub.page.getByText('密码已修改，其他设备上的登录已退出').waitFor();
  // This session stays.
  await sub.page.reload();
  await sub.page.getByText(username).waitFor();

  const again = await openPage(browser, shop);
  await again.page.goto('/login');
  await again.page.getByPlaceholder('账号 / 手机号').fill(phone);
  await again.page.getByPlaceholder('密码').fill('first-pass-1');
  await again.page.getByRole('button', LOGIN_BUTTON).click();
  await again.page.getByText(/账号或密码错误/).waitFor();
  await again.page.getByPlaceholder('密码').fill('second-pass-2');
  await again.page.getByRole('button', LOGIN_BUTTON).click();
  await atHome(again.page);

  // Given back: the sub-account is deleted; its sessions end at once (its pages' live sockets are
  // refused from then on, which their consoles report: expected).
  const subErrors = [...sub.errors];
  await sub.context.close();
  const list = await apiAs<{ list: { subuser_id: number; username: string }[] }>(
    main.page,
    shop.url,
    '/api/Shop.User/son_account',
    {},
  );
  const id = list.list.find((s) => s.username === username)!.subuser_id;
  const againErrors = [...again.errors];
  await apiAs(main.page, shop.url, '/api/Shop.User/delete', { subuser_id: id });
  await again.page.goto('/profile/account');
  await again.page.waitForURL('**/login**');

  expect([...main.errors, ...subErrors, ...againErrors]).toEqual([]);
  await Promise.all([main.context.close(), again.context.close()]);
}, 180_000);

test('/bind_wx is public and explains itself; the WeChat button says it is not configured', async () => {
  const { shop, browser } = suite;
  const { page, errors, context } = await openPage(browser, shop);
  await page.goto('/bind_wx');
  await page.getByText('绑定微信账号').waitFor();
  await screenshot(page, 'bind-wx');
  await page.getByRole('link', { name: '返回登录' }).click();
  await page.getByRole('button', { name: /微信扫码/ }).click();
  await page.getByText('微信登录暂未开通').waitFor();

  // A binding token the shop does not know (expired, made up): the form asks, the shop refuses,
  // the page says to scan again and the token is dropped.
  await context.addCookies([{ name: 'wx_bind_token', value: 'made-up-token', url: shop.url }]);
  await page.goto('/bind_wx');
  await page.getByRole('heading', { name: '绑定商城账号' }).waitFor();
  await page.getByLabel('账号 / 手机号').fill('13800000001');
  await page.getByLabel('密码').fill('demo1234');
  await screenshot(page, 'bind-wx-form');
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await page.getByText('微信绑定已过期，请重新扫码').waitFor();
  expect((await context.cookies()).some((c) => c.name === 'wx_bind_token')).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);
