import type { Browser, Page } from 'playwright-core';
import { openPage, type WatchedPage } from './browser';
import type { Shop } from './shop';

/** Logs in through the login page, as a dealer does, and waits for the home page. */
export async function loginThroughPage(page: Page, phone: string, password = 'demo1234'): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('账号 / 手机号').fill(phone);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  // With an activity running (the demo has one), the login goes once to the activity zone
  // (spec.md section 2); the journeys start at home.
  await page.waitForURL(/\/(home|parts\/activity)$/);
  if (new URL(page.url()).pathname === '/parts/activity') {
    await page.getByRole('heading', { name: '活动专区' }).waitFor();
    await page.goto('/home');
  }
}

/** Opens a back-office screen and logs in on the login page it sends to (demo staff password). */
export async function staffLoginThroughPage(page: Page, path: string, login: string, password = 'demo1234') {
  await page.goto(`/admin${path}`);
  await page.waitForURL('**/admin/login?redirect=**');
  await page.getByPlaceholder('登录名 / 手机号').fill(login);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`**/admin${path}`);
}

/**
 * Calls the shop's API with the page's login (and the context's headers: the file's client
 * address), for finding test subjects in the demo data and giving back what a test created.
 */
export async function apiAs<T>(page: Page, baseUrl: string, path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const res = await page.request.fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

/** A watched page (openPage) of a dealer logged in through the login page. */
export async function openPageAs(browser: Browser, shop: Shop, phone: string, password?: string): Promise<WatchedPage> {
  const watched = await openPage(browser, shop);
  await loginThroughPage(watched.page, phone, password);
  return watched;
}
