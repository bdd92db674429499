import { expect, onTestFinished, test } from 'vitest';
import type { AddressList } from '@shop/core/api/address';
import type { CartList } from '@shop/core/api/cart';
import type { OrderDetail } from '@shop/core/api/orders';
import type { ProductRow } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { addFromSearch, findDemoPartsByStock, orderableNotInCart } from './helpers/catalog';
import { removeCartLines, restoreAddresses } from './helpers/cleanup';
import { pickRegion } from './helpers/region-picker';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The regional dealer (13800000004, Beijing warehouse) finds three parts by search and adds them
 * (one from Beijing), raises a quantity in the cart, settles with a Guangzhou and a Beijing
 * address (the demo defaults for Guangzhou, and a Beijing address it adds in the settlement page),
 * sees the success page, finds the order in the list, opens it and cancels it.
 *
 * The shop is shared with other files: the journey counts only the lines of its own parts, and
 * deletes the address it added (cart-address gives the demo default addresses back).
 */
const suite = useShopAndBrowser();

const REGIONAL = '13800000004';

async function threeParts(page: Page): Promise<ProductRow[]> {
  return findDemoPartsByStock(
    page,
    suite.shop.url,
    { count: 3, from: 2, warehouse: 2 },
    (r) => orderableNotInCart(r) && /^[A-Z0-9-]+$/i.test(r.frey_no),
    (s) => s.frey_stock > 10 && s.beijing_stock > 10,
    'the demo data has too few parts in stock in both warehouses',
  );
}

test('search → cart (one part from Beijing) → quantity → settle with two addresses → success → list → detail → cancel', async () => {
  const { shop, browser } = suite;
  const { context, page, errors } = await openPageAs(browser, shop, REGIONAL);
  const [a, b, c] = await threeParts(page);
  const addresses = (await apiAs<AddressList>(page, shop.url, '/api/Shop.Address/getAddress')).list;
  onTestFinished(async () => {
    await removeCartLines(page, shop.url, [a!.product_id, b!.product_id, c!.product_id]);
    await restoreAddresses(page, shop.url, addresses);
  });

  await addFromSearch(page, a!, 2);
  await addFromSearch(page, b!, 1);
  await screenshot(page, 'order-search-add');
  await context.addCookies([{ name: 'default_warehouse', value: '2', url: shop.url }]);
  await addFromSearch(page, c!, 1);

  // Cart: raise the first part's quantity, tick everything, settle.
  await page.goto('/settlement/list');
  const rowA = page.locator('tr', { hasText: a!.frey_no });
  await rowA.waitFor();
  await screenshot(page, 'order-cart');
  // Type the new quantity (saved on Enter); the cart then holds 3.
  const quantity = rowA.getByRole('textbox', { name: '数量' });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect
    .poll(
      async () =>
        (await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {})).cart_list.find(
          (l) => l.product_id === a!.product_id,
        )?.quantity,
      { timeout: 10_000 },
    )
    .toBe(3);
  await expect(rowA.getByRole('textbox', { name: '数量' }).inputValue()).resolves.toBe('3');
  await page.getByRole('checkbox', { name: '全选' }).first().check();
  await screenshot(page, 'order-cart-checked');
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL('**/settlement/submit_multiple_warehouses?**');

  // Settlement: both warehouses, the demo company's two default addresses, remarks.
  await page.getByRole('region', { name: '广州仓' }).waitFor();
  await page.getByRole('region', { name: '北京仓' }).getByText(c!.l_name_zh).first().waitFor();
  await page
    .getByRole('radiogroup', { name: '广州仓收货地址' })
    .getByText(/王经理/)
    .waitFor();
  await page
    .getByRole('radiogroup', { name: '北京仓收货地址' })
    .getByText(/李仓管/)
    .waitFor();
  await page.getByPlaceholder('选填，如送货时间等').fill('工作日送货');
  await page.getByRole('region', { name: '备注' }).getByPlaceholder('选填', { exact: true }).fill('北京仓自提');
  await screenshot(page, 'order-settlement');

  // A new Beijing address, added in the page: it is chosen, and the lines and remarks stay.
  await page.getByRole('button', { name: '新增北京仓收货地址' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('新增收货地址').waitFor();
  await page.waitForTimeout(400); // the opening animation
  await dialog.getByPlaceholder('请输入收货人').fill('赵师傅');
  await dialog.getByPlaceholder('请输入手机号码').fill('13911112222');
  await pickRegion(page, dialog.locator('.ant-cascader'), ['北京市', '北京市', '海淀区']);
  await dialog.getByPlaceholder('请输入详细地址').fill('中关村大街 27 号 后门收货');
  await screenshot(page, 'order-settlement-new-address');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('添加成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect(page.url()).toContain('/settlement/submit_multiple_warehouses');
  const beijingPicker = page.getByRole('radiogroup', { name: '北京仓收货地址' });
  await expect
    .poll(() => beijingPicker.locator('label', { hasText: '赵师傅' }).locator('input[type="radio"]').isChecked())
    .toBe(true);
  await expect(
    page
      .getByRole('radiogroup', { name: '广州仓收货地址' })
      .locator('label', { hasText: '王经理' })
      .locator('input')
      .isChecked(),
  ).resolves.toBe(true);
  await expect(page.getByPlaceholder('选填，如送货时间等').inputValue()).resolves.toBe('工作日送货');
  await page.getByRole('region', { name: '北京仓' }).getByText(c!.l_name_zh).first().waitFor();
  await screenshot(page, 'order-settlement-address-added');
  await page.getByRole('button', { name: '提交订单' }).click();

  // Success page, then the cart is empty of the ordered lines.
  await page.waitForURL('**/settlement/submit_success?id=**');
  await page.getByText('订单提交成功').waitFor();
  const orderId = Number(new URL(page.url()).searchParams.get('id'));
  await screenshot(page, 'order-success');
  const cart = await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {});
  expect(cart.cart_list.filter((l) => [a, b, c].some((p) => p!.product_id === l.product_id))).toEqual([]);
  const placed = await apiAs<OrderDetail>(page, shop.url, `/api/Shop.Order/getDetail?order_id=${orderId}`);
  const ours = placed.items.filter((i) => [a, b, c].some((p) => p!.product_id === i.product_id));
  expect(ours.map((i) => [i.product_id, i.warehouse_type, i.quantity]).sort()).toEqual(
    [
      [a!.product_id, 1, 3],
      [b!.product_id, 1, 1],
      [c!.product_id, 2, 1],
    ].sort(),
  );
  expect(placed).toMatchObject({
    is_split: 1,
    remark: '工作日送货',
    beijing_remark: '北京仓自提',
    status: 'pending_shipment',
    address: { contacts: '王经理', city: '北京市', district: '丰台区' },
    other_address: { contacts: '赵师傅', city: '北京市', district: '海淀区', street: '中关村大街 27 号 后门收货' },
  });

  // Order list → detail → cancel with confirmation.
  await page.getByRole('link', { name: '我的订单' }).first().click();
  await page.waitForURL('**/profile/myorder');
  const listRow = page.locator('tr', { hasText: placed.orders_no });
  await listRow.waitFor();
  await screenshot(page, 'order-list');
  await listRow.getByRole('link', { name: placed.orders_no }).click();
  await page.waitForURL(`**/profile/myorder/detail?id=${orderId}`);
  await page.getByRole('region', { name: '商品清单' }).getByText(c!.l_name_zh).waitFor();
  await screenshot(page, 'order-detail');
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByText('确定取消该订单吗？').waitFor();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '取消订单' }).click();
  await page.getByText('订单已取消，库存已退回').first().waitFor();
  await page.getByRole('region', { name: '订单信息' }).getByText('已取消').waitFor();
  await screenshot(page, 'order-cancelled');
  const cancelled = await apiAs<OrderDetail>(page, shop.url, `/api/Shop.Order/getDetail?order_id=${orderId}`);
  expect(cancelled.status).toBe('cancelled');
  expect(errors).toEqual([]);
  // The whole journey, including a new address typed in the settlement page, on a busy 2-core machine.
}, 120_000);

// Confirms the receipt of the first shipped demo order's first package; no other file reads it.
test('a shipped demo order: packages → delivery detail → confirm receipt; purchase returns list and detail', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, REGIONAL);
  // /profile leads into the account centre (its account page); its side menu leads to the orders.
  await page.goto('/profile');
  await page.waitForURL('**/profile/account');
  const menu = page.getByRole('navigation', { name: '个人中心菜单' });
  await menu.getByRole('link', { name: '收货地址' }).waitFor();
  await menu.getByRole('link', { name: '我的订单' }).click();
  await page.waitForURL('**/profile/myorder');
  await page.getByRole('tab', { name: /^已发货/ }).click();
  // The tab lives in the address: a reload keeps it.
  await page.waitForURL('**/profile/myorder?status=shipped');
  await page.reload();
  await page.getByRole('tab', { name: /^已发货/, selected: true }).waitFor();
  const row = page.locator('tbody tr', { hasText: '已发货' }).first();
  await row.waitFor();
  await screenshot(page, 'order-list-shipped');
  // The export arrives as a file named by the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出订单' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByRole('button', { name: '导出订单' }).waitFor();
  await row.getByRole('link', { name: '详情' }).click();
  await page.waitForURL('**/profile/myorder/detail?id=**');
  const deliveries = page.getByRole('region', { name: '发货记录' });
  await deliveries.getByText('运输中').first().waitFor();
  await screenshot(page, 'order-detail-shipped');
  await deliveries.getByRole('link', { name: '查看' }).first().click();
  await page.waitForURL('**/profile/myorder/delivery_detail?id=**');
  await page.getByRole('region', { name: '包裹商品' }).waitFor();
  await screenshot(page, 'order-delivery-detail');
  await page.getByRole('button', { name: '确认收货' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确认收货' }).click();
  await page.getByText('已确认收货').first().waitFor();
  await page.getByRole('region', { name: '发货信息' }).getByText('已签收').waitFor();
  await screenshot(page, 'order-delivery-received');

  await menu.getByRole('link', { name: '退货单' }).click();
  await page.waitForURL('**/profile/return_orders');
  const ret = page.locator('tbody tr', { hasText: '待审核' }).first();
  await ret.waitFor();
  await screenshot(page, 'order-returns');
  await ret.getByRole('link', { name: /^TH/ }).click();
  await page.waitForURL('**/profile/return_orders_detail?id=**');
  await page.getByText('包装破损').waitFor();
  await screenshot(page, 'order-return-detail');
  expect(errors).toEqual([]);
});
