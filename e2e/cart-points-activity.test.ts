import { expect, onTestFinished, test } from 'vitest';
import type { CartList } from '@shop/core/api/cart';
import type { GiftList, PointsOverview, PointsProductList } from '@shop/core/api/points';
import type { ProductRowPage } from '@shop/core/api/parts';
import { openPage, screenshot } from './helpers/browser';
import { cartDemoPartInStock } from './helpers/order';
import { apiAs, loginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * Issue 27's last pieces in a browser, as company B's main account (no other file spends B's
 * points): the cart page shows the points-mall lines as a section of their own (plus, points
 * total), settles them with a part (points_cart_id), and cancelling that order cancels the gift
 * order and gives the points back; the activity zone's parts carry the activity badge.
 */
const suite = useShopAndBrowser();

const MAIN_B = '13800000003';
const ITEM = '节温器';

test('cart → points lines with a part → settlement → order with a gift; cancel → gift cancelled, points back; activity badges', async () => {
  const { shop, browser } = suite;
  const dealer = await openPage(browser, shop);
  const { page } = dealer;
  await loginThroughPage(page, MAIN_B);

  const mall = await apiAs<PointsProductList>(page, shop.url, '/api/Shop.Points/getProductList?page=1&limit=50');
  const item = mall.list.find((p) => p.l_name_zh === ITEM)!;
  expect(item).toBeTruthy();
  const start = await apiAs<PointsOverview>(page, shop.url, '/api/Shop.Points/index');
  await apiAs(page, shop.url, '/api/Shop.Points/addPointsCart', {
    points_product_id: item.points_product_id,
    quantity: 1,
  });
  onTestFinished(async () => {
    const left = (await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {})).points_cart_list;
    if (left.length > 0) {
      await apiAs(page, shop.url, `/api/Shop.Points/delPointsCart?ids=${left.map((l) => l.points_cart_id).join(',')}`);
    }
  });
  const { part } = await cartDemoPartInStock(page, shop.url, {
    from: 7,
    stock: (s) => s.frey_stock > 10,
    missing: 'the demo data has no part in stock for the cart points journey',
    quantity: 1,
  });

  // The cart: the points line in its own section; plus raises it to 2; both checked, the points total.
  await page.goto('/settlement/list');
  const section = page.getByRole('region', { name: '积分商品' });
  const row = section.locator('tr', { hasText: ITEM });
  await row.waitFor();
  await row.getByRole('button', { name: `增加 ${ITEM}` }).click();
  const twice = Number(item.customer_sale_price) * 2;
  await row.getByText(`${twice} 积分`, { exact: true }).waitFor();
  await page
    .getByRole('checkbox', { name: `选择 ${part.l_name_zh}` })
    .first()
    .check();
  await section.getByRole('checkbox', { name: `选择 ${ITEM}` }).check();
  await page.getByTestId('cart-points-total').getByText(`${twice} 积分`).waitFor();
  await screenshot(page, 'cart-points-lines');

  // The settlement lists the points line; the order carries it and a gift order is made with it.
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/settlement/submit?**points_cart_ids=**');
  await page.getByRole('region', { name: '积分商品' }).getByText(ITEM).waitFor();
  await page.getByTestId('settlement-points-total').getByText(String(twice)).waitFor();
  await screenshot(page, 'settlement-points-lines');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL('**/settlement/submit_success?id=**');
  const orderId = Number(new URL(page.url()).searchParams.get('id'));
  const gifts = await apiAs<GiftList>(page, shop.url, '/api/Shop.Gift/list?page=1&limit=20');
  const gift = gifts.list.find((g) => g.order_id === orderId)!;
  expect(gift).toMatchObject({ status: 'pending_shipment', points_total: twice });
  const spent = await apiAs<PointsOverview>(page, shop.url, '/api/Shop.Points/index');
  expect(spent.points).toBe(start.points - twice);

  // Cancelling the order cancels the gift order in the same transaction; the page says so.
  await page.goto(`/profile/myorder/detail?id=${orderId}`);
  await page.getByRole('button', { name: '取消订单' }).first().click();
  await page.getByRole('button', { name: '再想想' }).waitFor();
  await page.getByRole('button', { name: '取消订单' }).last().click();
  await page.getByText(`随单赠品订单 ${gift.gift_no} 已一并取消，积分已退回`, { exact: false }).first().waitFor();
  await screenshot(page, 'order-cancelled-with-gift');
  const back = await apiAs<PointsOverview>(page, shop.url, '/api/Shop.Points/index');
  expect(back.points).toBe(start.points);
  const after = await apiAs<GiftList>(page, shop.url, '/api/Shop.Gift/list?page=1&limit=20&status=cancelled');
  expect(after.list.map((g) => g.gift_no)).toContain(gift.gift_no);

  // The activity zone: its parts carry the activity badge (activity_flag 1 with the image).
  await page.goto('/parts/activity');
  await page.locator('img[alt="活动"]').first().waitFor();
  await screenshot(page, 'activity-zone-badges');
  const zone = await apiAs<ProductRowPage>(page, shop.url, '/api/Shop.ActivityProductV2/getList', {
    page: 1,
    limit: 10,
  });
  expect(zone.list.length).toBeGreaterThan(0);
  expect(zone.list.every((r) => r.activity_flag === 1 && r.activity_flag_image !== '')).toBe(true);

  expect(dealer.errors).toEqual([]);
}, 180_000);
