import { expect, test } from 'vitest';
import type { OrderDetail } from '@shop/core/api/orders';
import { openPage, screenshot } from './helpers/browser';
import { orderDemoPartInStock } from './helpers/order';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The back office in a browser (issue 26): a dealer places an order (through the API); customer
 * service opens http://…/admin/, is sent to the login page, logs in, sees only the menu its role
 * allows, finds the order by its number, ships it from the detail with carrier and tracking
 * number; the dealer's order is then shipped.
 *
 * The dealer is company A's sub-account and the order its own, so no other file's subjects
 * change. A shipped order cannot be given back; it stays in A's history.
 */
const suite = useShopAndBrowser();

const DEALER = '13800000002';

test('customer service logs in to /admin/, sees only its menu and ships the order a dealer placed', async () => {
  const { shop, browser } = suite;
  // The dealer's order.
  const dealer = await openPageAs(browser, shop, DEALER);
  const { part, order } = await orderDemoPartInStock(dealer.page, shop.url, {
    from: 6,
    stock: (s) => s.frey_stock > 10,
    missing: 'the demo data has no part in stock for the back-office journey',
    quantity: 2,
    key: 'back-office-e2e',
  });

  // Customer service opens the back office: the login page first, with the way back.
  const { page, errors } = await openPage(browser, shop);
  await page.goto(`/admin/orders?orders_no=${encodeURIComponent(order.orders_no)}`);
  await page.waitForURL('**/admin/login?redirect=**');
  await page.getByText('员工账号登录').waitFor();
  await screenshot(page, 'back-office-login');
  await page.getByPlaceholder('登录名 / 手机号').fill('service');
  await page.getByPlaceholder('密码').fill('demo1234');
  await page.getByRole('button', { name: '登录' }).click();

  // Back at the filtered list, with only the menu of its role and its name in the header.
  await page.waitForURL(`**/admin/orders?orders_no=${order.orders_no}`);
  const row = page.locator('tr', { hasText: order.orders_no });
  await row.waitFor();
  const menu = page.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem');
  expect(await menu.allTextContents()).toEqual([
    '看板',
    '订单管理',
    '经销商管理',
    '资源共享',
    '客服中心',
    '群发消息',
    '积分商城',
    '赠品订单',
    '积分账户',
  ]);
  await expect.poll(() => page.getByTestId('staff-name').textContent()).toBe('客服专员');
  expect(await row.textContent()).toContain('待发货');
  await screenshot(page, 'back-office-orders');

  // The detail: ship every unit from Guangzhou with a carrier and a tracking number.
  await row.getByRole('link', { name: order.orders_no }).click();
  await page.waitForURL(`**/admin/orders/${order.orders_no}`);
  await page.getByText(part.frey_no).first().waitFor();
  await page.getByRole('button', { name: '发货' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('如 顺丰速运').fill('顺丰速运');
  const tracking = `SF${Date.now()}`;
  await dialog.getByPlaceholder('运单号').fill(tracking);
  await screenshot(page, 'back-office-ship-dialog');
  await dialog.getByRole('button', { name: /确认发货/ }).dblclick();
  await dialog.waitFor({ state: 'detached' });

  // The detail shows the delivery, and the order is shipped for the dealer too.
  const delivery = page.locator('tr', { hasText: tracking });
  await delivery.waitFor();
  expect(await delivery.textContent()).toContain('运输中');
  await page.getByText('已发货', { exact: true }).first().waitFor();
  await screenshot(page, 'back-office-shipped');
  const seen = await apiAs<OrderDetail>(dealer.page, shop.url, `/api/Shop.Order/getDetail?order_id=${order.order_id}`);
  expect(seen.status).toBe('shipped');
  expect(seen.deliveries.map((d) => [d.carrier, d.tracking_no, d.packages])).toEqual([['顺丰速运', tracking, 1]]);

  expect(errors).toEqual([]);
  expect(dealer.errors).toEqual([]);
});
