import { expect, test } from 'vitest';
import type { MyVoucherPage } from '@shop/core/api/coupons';
import type { OrderDetail } from '@shop/core/api/orders';
import type { ProductRow } from '@shop/core/api/parts';
import { screenshot } from './helpers/browser';
import { cartDemoPartInStock } from './helpers/order';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The demo main company's dealer (13800000001) holds the demo voucher 新客满减券 (满 300 减 50):
 * sees it in 优惠券, settles a part worth more than 300 with it (the page shows the deduction and
 * the lower amount to pay), the success page and the order detail show it; cancelling the order
 * gives the use back (and leaves the demo data as it was).
 */
const suite = useShopAndBrowser();

const MAIN = '13800000001';

/** The part's first price, in cents. */
const centsOf = (part: ProductRow) => Math.round(Number(Object.values(part.prices)[0]!) * 100);

test('优惠券 → settle with the voucher (deduction shown) → success → order detail shows it → cancel gives it back', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, MAIN);
  const usableBefore = (
    await apiAs<MyVoucherPage>(page, shop.url, '/api/Shop.ActivityProductV2/myVoucherList?state=usable')
  ).list.find((v) => v.name === '新客满减券');
  expect(usableBefore, 'the demo voucher of the main company').toBeTruthy();

  await page.goto('/profile/coupon');
  await page.getByRole('list', { name: '可使用' }).getByText('新客满减券').waitFor();
  await screenshot(page, 'coupon-profile');

  // Enough of the part for the voucher's threshold, from Guangzhou.
  const { part, line } = await cartDemoPartInStock(page, shop.url, {
    from: 3,
    stock: (s) => s.frey_stock >= 20,
    missing: 'the demo data has no part with 20 in stock',
    quantity: (p) => Math.max(1, Math.ceil(30_000 / centsOf(p))),
    warehouse: 1,
  });

  await page.goto(`/settlement/submit?pd_cart_ids=${line.pd_cart_id}`);
  const vouchers = page.getByRole('radiogroup', { name: '选择优惠券' });
  await vouchers.getByText('新客满减券').waitFor();
  await vouchers.locator('label', { hasText: '新客满减券' }).click();
  await page.getByText('-¥50.00').waitFor();
  const lineTotal = centsOf(part) * line.quantity;
  const pay = ((lineTotal - 5000) / 100).toFixed(2);
  await expect(page.getByText(/应付总额/).textContent()).resolves.toBe(`应付总额：¥${pay}`);
  await screenshot(page, 'coupon-settlement');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL('**/settlement/submit_success?**');
  await page.getByText(`优惠券抵扣：¥50.00，应付总额：¥${pay}`, { exact: false }).waitFor();
  await screenshot(page, 'coupon-submit-success');
  const orderId = Number(new URL(page.url()).searchParams.get('id'));

  await page.goto(`/profile/myorder/detail?id=${orderId}`);
  await page.getByText('优惠券抵扣').waitFor();
  await page.getByText('-¥50.00').waitFor();
  await page.getByText(`¥${pay}`).first().waitFor();
  await screenshot(page, 'coupon-order-detail');
  const detail = await apiAs<OrderDetail>(page, shop.url, `/api/Shop.Order/getDetail?order_id=${orderId}`);
  expect(detail).toMatchObject({ voucher_amount: '50.00', pay_amount: pay });

  // Cancelling gives the use back.
  await apiAs(page, shop.url, '/api/Shop.Order/cancelOrder', { order_id: orderId });
  const usableAfter = (
    await apiAs<MyVoucherPage>(page, shop.url, '/api/Shop.ActivityProductV2/myVoucherList?state=usable')
  ).list.find((v) => v.name === '新客满减券');
  expect(usableAfter?.used).toBe(usableBefore!.used);
  expect(errors).toEqual([]);
});
