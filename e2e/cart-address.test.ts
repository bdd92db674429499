import { expect, onTestFinished, test } from 'vitest';
import type { AddressList } from '@shop/core/api/address';
import type { CartCount, CartList } from '@shop/core/api/cart';
import type { ProductRow } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { addFromSearch, findDemoPartsByStock, orderableNotInCart } from './helpers/catalog';
import { removeCartLines, restoreAddresses } from './helpers/cleanup';
import { pickRegion } from './helpers/region-picker';
import { apiAs, openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * The regional dealer (13800000004, Beijing warehouse) adds two parts to the cart from the search
 * result page, one from Guangzhou and one from Beijing, sees the header count and its preview,
 * changes a quantity on the cart page, ticks the lines, deletes one; then goes through every
 * message of the address form, the exclusive default flags, saving and copying an address.
 *
 * The shop is shared with other files (order-journey settles with the same company's cart and
 * default addresses): the cart test counts from what the cart held before and takes its lines out
 * again, the address test deletes its addresses and gives the company its default addresses back.
 */
const suite = useShopAndBrowser();

const REGIONAL = '13800000004';

/** Two orderable parts in stock in both warehouses, with distinct numbers, not in the cart yet. */
async function twoParts(page: Page): Promise<[ProductRow, ProductRow]> {
  const ok = await findDemoPartsByStock(
    page,
    suite.shop.url,
    { count: 2, warehouse: 2 },
    (r) => orderableNotInCart(r) && /^[A-Z0-9-]+$/i.test(r.frey_no),
    (s) => s.frey_stock > 5 && s.beijing_stock > 5,
    'the demo data has too few parts in stock in both warehouses',
  );
  return [ok[0]!, ok[1]!];
}

test('cart: add from search (Guangzhou and Beijing), header preview, quantity, select, delete', async () => {
  const { shop, browser } = suite;
  const { context, page, errors } = await openPageAs(browser, shop, REGIONAL);
  const [gz, bj] = await twoParts(page);
  const linesBefore = (await apiAs<CartCount>(page, shop.url, '/api/Shop.Cart/count')).cart_number;
  onTestFinished(() => removeCartLines(page, shop.url, [gz.product_id, bj.product_id]));

  // Guangzhou first (the default warehouse), then Beijing as the stored default warehouse.
  await addFromSearch(page, gz, 2);
  await screenshot(page, 'cart-add-from-search');
  await context.addCookies([{ name: 'default_warehouse', value: '2', url: shop.url }]);
  await addFromSearch(page, bj, 3);

  const cart = await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {});
  const ours = cart.cart_list.filter((l) => l.product_id === gz.product_id || l.product_id === bj.product_id);
  expect(ours.map((l) => [l.product_id, l.warehouse_type, l.quantity]).sort()).toEqual(
    [
      [gz.product_id, 1, 2],
      [bj.product_id, 2, 3],
    ].sort(),
  );

  // Header count (two more lines than before) and hover preview.
  const cartLink = page.getByRole('link', { name: `购物车，${linesBefore + 2} 种商品` });
  await page
    .getByTestId('cart-count')
    .filter({ hasText: String(linesBefore + 2) })
    .waitFor();
  await cartLink.hover();
  await page.getByTestId('cart-preview').getByText(bj.l_name_zh).first().waitFor();
  await screenshot(page, 'cart-header-preview');

  // The cart page.
  await cartLink.click();
  await page.waitForURL('**/settlement/list');
  await page.mouse.move(10, 600);
  await page.getByTestId('cart-preview').waitFor({ state: 'hidden' });
  const bjRow = page.locator('tr', { hasText: bj.frey_no });
  const gzRow = page.locator('tr', { hasText: gz.frey_no });
  await bjRow.waitFor();
  // The regional account may move a line between warehouses; the Beijing line shows its warehouse.
  await bjRow.getByText('北京仓').waitFor();
  await gzRow.getByText('广州仓').waitFor();

  // Plus saves at once.
  await screenshot(page, 'cart-page');
  await gzRow.getByRole('button', { name: '增加数量' }).click();
  await expect(gzRow.getByRole('textbox', { name: '数量' }).inputValue()).resolves.toBe('3');
  await expect
    .poll(async () => {
      const lines = (await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {})).cart_list;
      return lines.find((l) => l.product_id === gz.product_id)?.quantity;
    })
    .toBe(3);

  // Select all, totals of the checked lines.
  await page.getByRole('checkbox', { name: '全选' }).first().check();
  const fresh = await apiAs<CartList>(page, shop.url, '/api/Shop.Cart/getList', {});
  const expected = fresh.cart_list.reduce((sum, l) => sum + Math.round(Number(l.tootal_price) * 100), 0) / 100;
  await page
    .getByTestId('cart-total')
    .filter({ hasText: `¥${expected.toFixed(2)}` })
    .waitFor();
  await screenshot(page, 'cart-page-checked');

  // Export: an .xlsx download with a Chinese file name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^购物车_\d{8}\.xlsx$/);

  // Delete the Beijing line.
  await bjRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('已从购物车删除').first().waitFor();
  await bjRow.waitFor({ state: 'detached' });
  await page
    .getByTestId('cart-count')
    .filter({ hasText: String(linesBefore + 1) })
    .waitFor();
  await screenshot(page, 'cart-page-after-delete');
  expect(errors).toEqual([]);
});

test('address form: every message, exclusive defaults, save and copy', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, REGIONAL);
  const before = (await apiAs<AddressList>(page, shop.url, '/api/Shop.Address/getAddress')).list;
  onTestFinished(() => restoreAddresses(page, shop.url, before));
  await page.goto('/profile/address');
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('新增收货地址').waitFor();
  await page.waitForTimeout(400); // the opening animation
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  for (const text of ['请输入收货人', '请选择省市区', '请输入手机号码', '请输入详细地址']) {
    await dialog.getByText(text, { exact: true }).waitFor();
  }
  await screenshot(page, 'address-form-required');

  await dialog.getByPlaceholder('请输入收货人').fill('王小明');
  await dialog.getByPlaceholder('请输入手机号码').fill('12345678901');
  await dialog.getByText('请输入正确的手机号').waitFor();
  await dialog.getByPlaceholder('请输入手机号码').fill('13912345678');
  await dialog.getByText('请输入正确的手机号').waitFor({ state: 'detached' });
  await pickRegion(page, dialog.locator('.ant-cascader'), ['广东省', '广州市', '天河区']);
  await dialog.getByPlaceholder('请输入详细地址').fill('天河路 385 号 太古汇 3 楼');
  await dialog.getByText('请输入详细地址').waitFor({ state: 'detached' });

  const main = dialog.getByRole('checkbox', { name: '设为广州仓默认地址' });
  const other = dialog.getByRole('checkbox', { name: '设为北京仓默认地址' });
  await main.check();
  // The form re-renders after the click: wait for it rather than reading the state at once.
  await dialog.getByText('请先取消另一个默认地址').waitFor();
  await expect.poll(() => other.isDisabled()).toBe(true);
  await screenshot(page, 'address-form-defaults');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('添加成功').first().waitFor();
  const row = page.locator('tr', { hasText: '王小明' }).first();
  await row.getByText('广州仓默认').waitFor();

  // Copy: a new address with both flags reset.
  await row.getByRole('button', { name: '复制' }).click();
  await page.getByRole('dialog').getByText('复制收货地址').waitFor();
  await expect(
    page.getByRole('dialog').getByRole('checkbox', { name: '设为广州仓默认地址' }).isChecked(),
  ).resolves.toBe(false);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await page.getByText('添加成功').first().waitFor();
  await page.locator('tr', { hasText: '王小明' }).nth(1).waitFor();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await screenshot(page, 'address-list');

  const after = (await apiAs<AddressList>(page, shop.url, '/api/Shop.Address/getAddress')).list;
  expect(after).toHaveLength(before.length + 2);
  const added = after.filter((a) => !before.some((b) => b.address_id === a.address_id));
  expect(added.map((a) => [a.contacts, a.is_main, a.other_is_main])).toEqual([
    ['王小明', 1, 0],
    ['王小明', 0, 0],
  ]);
  expect(added.find((a) => a.contacts === '王小明')).toMatchObject({
    province: '广东省',
    city: '广州市',
    district: '天河区',
    area_code: '440106',
  });
  expect(errors).toEqual([]);
});
