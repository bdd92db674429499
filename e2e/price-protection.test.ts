import { expect, test } from 'vitest';
import type { TipList } from '@shop/core/api/messages';
import type { ClientOrdersList } from '@shop/core/api/price-protection';
import { openPage, screenshot } from './helpers/browser';
import { orderableNotInCart } from './helpers/catalog';
import { orderDemoPartInStock } from './helpers/order';
import { apiAs, openPageAs, staffLoginThroughPage } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * Price protection end to end (issue 28): company B's main account buys a part; the catalog staff
 * member lowers its dealer price in the back office's price form; the dealer gets the 价格保护补偿
 * message and finds the compensation on /profile/price_protection and /profile/price_adjustment_record;
 * finance staff see it under 价保补偿. Afterwards the order is cancelled (the compensation is taken
 * back) and the price restored (a rise: nothing more), so the demo data is as before. The part is
 * taken from page 8 of the catalog, which no other file takes.
 */
const suite = useShopAndBrowser();

const DEALER = '13800000003';

test('staff lower a price → the dealer is messaged → the compensation shows on the price protection pages', async () => {
  const { shop, browser } = suite;
  const dealer = await openPageAs(browser, shop, DEALER);

  // The dealer buys 3 (through the API: the journey is about what follows).
  const { part, order } = await orderDemoPartInStock(dealer.page, shop.url, {
    from: 8,
    matches: (r) => orderableNotInCart(r) && Number(Object.values(r.prices)[0] ?? 0) > 20,
    stock: (s) => s.frey_stock > 5,
    missing: 'the demo data has no priced part in stock on page 8',
    quantity: 3,
    key: 'price-protection-e2e',
  });
  const price = Object.values(part.prices)[0]!;
  const lowered = (Number(price) - 5).toFixed(2);

  // The catalog staff member lowers the dealer price by ¥5 in the price form.
  const staff = await openPage(browser, shop);
  await staffLoginThroughPage(staff.page, `/prices?keyword=${encodeURIComponent(part.frey_no)}`, 'catalog');
  await staff.page.locator('tr', { hasText: part.frey_no }).getByRole('button', { name: '调价' }).click();
  const drawer = staff.page.getByRole('dialog');
  const input = drawer.getByLabel('经销价');
  await input.fill(lowered);
  await drawer.getByRole('button', { name: '保存价格' }).click();
  await staff.page.getByText('已保存').waitFor();
  const restore = async () => {
    const input2 = drawer.getByLabel('经销价');
    await input2.fill(Number(price).toFixed(2));
    await drawer.getByRole('button', { name: '保存价格' }).click();
  };

  // The dealer's message (category 5, 对账单).
  await expect
    .poll(
      async () =>
        (
          await apiAs<TipList>(dealer.page, shop.url, '/api/Tip.Tip/shop_tip_list', {
            page: 1,
            limit: 20,
            tip_name: '价格保护补偿',
          })
        ).list.some((m) => m.tip_name === '价格保护补偿' && m.tip_word.includes(part.frey_no)),
      { timeout: 20_000 },
    )
    .toBe(true);
  await dealer.page.goto('/profile/system_msg');
  await dealer.page.locator('tr', { hasText: '价格保护补偿' }).first().waitFor();
  await screenshot(dealer.page, 'price-protection-message');

  // The compensation: 3 × ¥5.00.
  await dealer.page.goto(`/profile/price_protection?keyword=${encodeURIComponent(part.frey_no)}`);
  const row = dealer.page.locator('tr', { hasText: order.orders_no });
  await row.getByText('¥15.00').waitFor();
  await screenshot(dealer.page, 'price-protection-lines');
  const lines = await apiAs<ClientOrdersList>(dealer.page, shop.url, '/api/Shop.KeepPrice/getClientOrdersList', {
    keyword: part.frey_no,
  });
  const mine = lines.list.find((l) => l.orders_no === order.orders_no)!;
  expect(mine).toMatchObject({ quantity: 3, unit_paid: Number(price).toFixed(2), unit_new: lowered, amount: '15.00' });

  await dealer.page.goto('/profile/price_adjustment_record');
  await dealer.page.locator('tr', { hasText: part.frey_no }).first().waitFor();
  await screenshot(dealer.page, 'price-adjustment-record');
  await dealer.page.goto(`/parts/price_adjustment?keyword=${encodeURIComponent(part.frey_no)}`);
  await dealer.page
    .getByText(`¥${Number(price).toFixed(2)} → ¥${lowered}`, { exact: false })
    .first()
    .waitFor();
  await screenshot(dealer.page, 'price-adjustment-zone');

  // Finance staff see it under 价保补偿.
  const finance = await openPage(browser, shop);
  await staffLoginThroughPage(finance.page, `/price-protection?keyword=${encodeURIComponent(part.frey_no)}`, 'finance');
  await finance.page.locator('tr', { hasText: part.frey_no }).first().getByRole('link', { name: '补偿明细' }).click();
  await finance.page.locator('tr', { hasText: order.orders_no }).waitFor();
  await screenshot(finance.page, 'back-office-price-protection');

  // Back as it was: the order cancelled (its compensation taken back), the price restored.
  await apiAs(dealer.page, shop.url, '/api/Shop.Order/cancelOrder', { order_id: order.order_id });
  await expect
    .poll(
      async () =>
        (
          await apiAs<ClientOrdersList>(dealer.page, shop.url, '/api/Shop.KeepPrice/getClientOrdersList', {
            keyword: part.frey_no,
          })
        ).list.find((l) => l.orders_no === order.orders_no)?.net_amount,
      { timeout: 20_000 },
    )
    .toBe('0.00');
  await restore();
  await staff.page.getByText('已保存').last().waitFor();

  expect(dealer.errors).toEqual([]);
  expect(staff.errors).toEqual([]);
  expect(finance.errors).toEqual([]);
}, 180_000);
