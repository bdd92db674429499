import { expect, test } from 'vitest';
import type { ShipResponse, StaffLoginResponse } from '@shop/core/api/admin';
import type { MessageMenu, TipList } from '@shop/core/api/messages';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { orderDemoPartInStock } from './helpers/order';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The live push end to end (issue 25): a dealer has the shop open; customer service ships his
 * order through the admin API; without a reload the header's badge counts the new message and
 * its popup shows; clicking the popup opens the message, which is then read.
 *
 * The dealer is company A's sub-account; the order is its own (placed through the API), so no
 * other file's subjects change. A shipped order cannot be given back; it stays in A's history.
 */
const suite = useShopAndBrowser();

const DEALER = '13800000002';
const BADGE = /^消息 \((\d+)\)$/;

async function unreadTotal(page: Page): Promise<number> {
  return (await apiAs<MessageMenu>(page, suite.shop.url, '/api/Tip.Tip/menu_list')).unread_total;
}

/**
 * Waits until the badge shows the server's unread count. Other journeys send this dealer messages
 * at the same time, so the badge is compared with the server rather than with a remembered figure.
 */
async function badgeAgreesWithServer(page: Page): Promise<void> {
  await expect.poll(async () => (await badgeCount(page)) === (await unreadTotal(page)), { timeout: 15_000 }).toBe(true);
}

/** The count the badge shows, or -1 while it shows something else (已断开). */
async function badgeCount(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('banner')
      .getByRole('button', { name: /消息 \(|已断开/ })
      .textContent()) ?? '';
  const m = BADGE.exec(text.trim());
  return m ? Number(m[1]) : -1;
}

async function staffToken(): Promise<string> {
  const res = await suite.shop.fetch('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'service', password: 'demo1234' }),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: StaffLoginResponse };
  if (envelope.status !== 200) throw new Error(`staff login: ${envelope.status} ${envelope.msg}`);
  return envelope.data.token;
}

test('staff ship an order → the badge count rises and the popup shows without a reload → open → read', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, DEALER);

  // The dealer places an order (through the API: the journey is about what follows).
  const { order } = await orderDemoPartInStock(page, shop.url, {
    from: 3,
    stock: (s) => s.frey_stock > 10,
    missing: 'the demo data has no part in stock for the messages journey',
    quantity: 1,
    key: 'messages-e2e',
  });

  // The shop is open on the home page; the badge shows the current count once connected.
  await page.goto('/home');
  await badgeAgreesWithServer(page);
  const before = await badgeCount(page);
  await screenshot(page, 'messages-badge-before');

  // Customer service ships it.
  const token = await staffToken();
  const res = await shop.fetch(`/api/admin/orders/${encodeURIComponent(order.orders_no)}/ship`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token },
    body: JSON.stringify({ carrier: '顺丰速运', tracking_no: `SF${Date.now()}` }),
  });
  const shipped = (await res.json()) as { status: number; msg: string; data: ShipResponse };
  expect(shipped.status, shipped.msg).toBe(200);

  // Without a reload: the count rises and the popup of the shipping message shows.
  const url = page.url();
  await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
  // Other journeys ship orders to the same dealer at the same time: everything below keys on this order's number.
  const newest = (
    await apiAs<TipList>(page, shop.url, '/api/Tip.Tip/shop_tip_list', { page: 1, limit: 20, type: 1 })
  ).list.find((m) => m.number === order.orders_no && m.tip_name === '订单已发货');
  expect(newest, 'the shipping message of this order').toBeDefined();
  expect(newest!.read).toBe(0);
  const popups = page.getByRole('region', { name: '新消息' });
  const popup = popups.locator('button', { hasText: order.orders_no }).filter({ hasText: newest!.tip_name }).first();
  await popup.waitFor({ timeout: 15_000 });
  expect(page.url()).toBe(url);
  await screenshot(page, 'messages-popup');

  // Open it from the popup: the detail shows it and reads it.
  await popup.click();
  await page.waitForURL(`**/profile/system_msg/detail?id=${newest!.id}`);
  await page.getByRole('heading', { name: newest!.tip_name }).waitFor();
  await expect
    .poll(
      async () =>
        (await apiAs<TipList>(page, shop.url, '/api/Tip.Tip/shop_tip_list', { tip_id: newest!.id, limit: 1, page: 1 }))
          .list[0]?.read,
    )
    .toBe(1);
  await badgeAgreesWithServer(page);
  await screenshot(page, 'messages-detail');

  // The message centre lists it as read.
  await page.getByRole('link', { name: '返回消息中心' }).click();
  await page.waitForURL('**/profile/system_msg**');
  // Other journeys ship orders to the same dealer: the row is the one with this order's number.
  const row = page.locator('tr', { hasText: order.orders_no }).filter({ hasText: newest!.tip_name });
  await row.getByText('已读').waitFor();
  await screenshot(page, 'messages-centre');
  expect(errors).toEqual([]);
}, 90_000);
