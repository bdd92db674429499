import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium driven by playwright-core; screenshots go to test-results/screenshots. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A page in a fresh context whose console errors are collected (an unexpected one fails the test).
 * Given the file's shop (`useShop`), every request of the context, page.request included, comes
 * from the file's own client address.
 */
export async function openPage(
  browser: Browser,
  shop: string | { url: string; clientIp: string },
): Promise<WatchedPage> {
  const baseURL = typeof shop === 'string' ? shop : shop.url;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    ...(typeof shop === 'string' ? {} : { extraHTTPHeaders: { 'X-Forwarded-For': shop.clientIp } }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  // Finite CSS animations (a dialog fading in) are run to their end, so the picture shows what stays.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
