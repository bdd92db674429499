import { expect, test } from 'vitest';
import type { OrderDetail } from '@shop/core/api/orders';
import type { GiftDetail, PointsOverview } from '@shop/core/api/points';
import { openPage, screenshot } from './helpers/browser';
import { cartDemoPartInStock } from './helpers/order';
import { apiAs, loginThroughPage, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * Points (issue 27) in a browser: company A's main account signs in (签到) and its points rise,
 * redeems a mall item and finds the gift order in 我的赠品; pays part of a parts order with frey
 * coins (the settlement page and the order detail show the deduction); customer service ships the
 * gift order in the back office and the dealer sees it shipped.
 *
 * Only this file touches points. The journey keys on its own gift order's number and its own
 * part's cart line, never on the newest row.
 */
const suite = useShopAndBrowser();

const MAIN = '13800000001';
const ITEM = '张紧轮';

test('sign in → points rise → redeem → 我的赠品; coins on an order; staff ship the gift → the dealer sees it shipped', async () => {
  const { shop, browser } = suite;
  const dealer = await openPage(browser, shop);
  const { page } = dealer;
  await loginThroughPage(page, MAIN);

  // 我的积分: sign in once, the balance rises by the sign-in points.
  const before = await apiAs<PointsOverview>(page, shop.url, '/api/Shop.Points/index');
  await page.goto('/profile/points');
  const balance = page.getByLabel('积分余额');
  await balance.getByText(String(before.points), { exact: true }).waitFor();
  await page.getByRole('button', { name: `签到领 ${before.sign_in_points} 积分` }).click();
  await balance.getByText(String(before.points + before.sign_in_points), { exact: true }).waitFor();
  await page.getByRole('button', { name: '今日已签到' }).waitFor();
  await page.getByRole('cell', { name: '每日签到' }).first().waitFor();
  await screenshot(page, 'points-my-points');

  // 积分商城: put the item in the exchange cart and redeem it to the default address.
  await page.goto('/parts/points_mall');
  const item = page.getByLabel(ITEM, { exact: true });
  await item.getByRole('button', { name: '加入兑换车' }).click();
  const cart = page.getByRole('region', { name: '兑换车' });
  await cart.getByText(ITEM).waitFor();
  await screenshot(page, 'points-mall');
  await cart.getByRole('button', { name: '立即兑换' }).click();
  await page.waitForURL('**/profile/my_gift_detail?id=**');
  const giftId = Number(new URL(page.url()).searchParams.get('id'));
  const gift = await apiAs<GiftDetail>(page, shop.url, `/api/Shop.Gift/detail?gift_id=${giftId}`);
  expect(gift.items.map((l) => l.l_name_zh)).toEqual([ITEM]);
  await page.getByText(`赠品订单 ${gift.gift_no}`).waitFor();
  await screenshot(page, 'points-gift-detail');
  const after = await apiAs<PointsOverview>(page, shop.url, '/api/Shop.Points/index');
  expect(after.points).toBe(before.points + before.sign_in_points - gift.points_total);

  // 我的赠品 lists it, waiting for shipment.
  await page.goto('/profile/my_gift');
  const giftRow = page.locator('tr', { hasText: gift.gift_no });
  await giftRow.waitFor();
  expect(await giftRow.textContent()).toContain('待发货');
  await screenshot(page, 'points-my-gifts');

  // A parts order paying 2 frey coins: the settlement page shows the deduction, so does the detail.
  const { part } = await cartDemoPartInStock(page, shop.url, {
    from: 5,
    stock: (s) => s.frey_stock > 10,
    missing: 'the demo data has no part in stock for the points journey',
    quantity: 5,
  });
  await page.goto('/settlement/list');
  await page
    .getByRole('checkbox', { name: `选择 ${part.l_name_zh}` })
    .first()
    .check();
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/settlement/submit?**');
  const coins = page.getByRole('region', { name: '积分币抵扣' }).getByLabel('使用积分币');
  await coins.fill('2');
  await coins.blur();
  await page.getByText('积分币抵扣：-¥2.00').waitFor();
  await screenshot(page, 'points-settlement-coins');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL('**/settlement/submit_success?id=**');
  const orderId = Number(new URL(page.url()).searchParams.get('id'));
  const order = await apiAs<OrderDetail>(page, shop.url, `/api/Shop.Order/getDetail?order_id=${orderId}`);
  expect(order.frey_coin).toBe(2);
  await page.goto(`/profile/myorder/detail?id=${orderId}`);
  await page.getByText('2 个，-¥2.00').waitFor();
  await screenshot(page, 'points-order-detail-coins');

  // Customer service ships the gift order in the back office.
  const staff = await openPage(browser, shop);
  await staffLoginThroughPage(staff.page, `/points/gifts?keyword=${gift.gift_no}`, 'service');
  const row = staff.page.locator('tr', { hasText: gift.gift_no });
  await row.waitFor();
  await screenshot(staff.page, 'points-admin-gifts');
  await row.getByRole('link', { name: gift.gift_no }).click();
  await staff.page.waitForURL(`**/admin/points/gifts/${giftId}`);
  await staff.page.getByRole('button', { name: /发\s*货$/ }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByPlaceholder('如 顺丰速运').fill('顺丰速运');
  const tracking = `SF${giftId}${Date.now() % 100000}`;
  await dialog.getByPlaceholder('运单号').fill(tracking);
  await screenshot(staff.page, 'points-admin-ship');
  await dialog.getByRole('button', { name: /确认发货/ }).dblclick();
  await dialog.waitFor({ state: 'detached' });
  await staff.page.getByText(tracking).waitFor();
  await screenshot(staff.page, 'points-admin-gift-shipped');
  await staff.page.goto('/admin/points/items');
  await staff.page.locator('tr', { hasText: ITEM }).waitFor();
  await screenshot(staff.page, 'points-admin-items');

  // The dealer sees it shipped, with the carrier and the tracking number.
  await page.goto(`/profile/my_gift_detail?id=${giftId}`);
  await page.getByText(`顺丰速运 ${tracking}`).waitFor();
  await page.getByText('已发货', { exact: true }).waitFor();
  await screenshot(page, 'points-gift-shipped');

  expect(dealer.errors).toEqual([]);
  expect(staff.errors).toEqual([]);
}, 180_000);
