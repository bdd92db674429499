import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';

/**
 * The shop a test file runs against: one per brand for the whole e2e run, started by
 * ./global-setup.ts when the first file asks for it. Files therefore share its data and must not
 * depend on each other's: each asserts about what it created itself (or relative changes), and
 * gives back what other files read (cart lines, default addresses).
 *
 * Each call gets a client address of its own, sent as X-Forwarded-For (the shared shops trust
 * it): the browser of `openPage(browser, shop)` and `shop.fetch` come from it, so the file's
 * login failures and request counts (rate limits) are its own and never lock out another file.
 */
export interface Shop {
  url: string;
  /** This file's client address. */
  clientIp: string;
  /** fetch(url + path) from this file's client address. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The shop server's log so far (e.g. the codes the local SMS gateway writes there). */
  log(): Promise<string>;
}

export async function useShop(brand = 'default'): Promise<Shop> {
  const res = await fetch(`${inject('e2eShops')}/shop?brand=${encodeURIComponent(brand)}`);
  if (!res.ok) throw new Error(`the ${brand} shop did not start:\n${await res.text()}`);
  const { url, clientIp } = (await res.json()) as { url: string; clientIp: string };
  return {
    url,
    clientIp,
    log: async () => (await fetch(`${inject('e2eShops')}/log?brand=${encodeURIComponent(brand)}`)).text(),
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', clientIp);
      return fetch(`${url}${path}`, { ...init, headers });
    },
  };
}

/**
 * The shop of `brand` and a browser for the test file that calls this at its top level: both
 * started together before its tests (beforeAll), the browser closed after them (afterAll). The
 * fields are set by the time the tests and their helpers run.
 */
export function useShopAndBrowser(brand = 'default'): { shop: Shop; browser: Browser } {
  const file = {} as { shop: Shop; browser: Browser };
  beforeAll(async () => {
    [file.shop, file.browser] = await Promise.all([useShop(brand), launchBrowser()]);
  });
  afterAll(() => file.browser?.close());
  return file;
}
