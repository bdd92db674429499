import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductCard as ProductCardData } from '@shop/core/api/home';
import { usePreferences } from '../../lib/preferences';
import { notesPerTest } from '../../test/notes';
import { renderRoutes, renderWithProviders } from '../../test/render-route';
import { makeProfile } from '../../test/server/factories';
import { cartHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import { ProductCard } from './product-card';
import { formatPrice, truncateVehicleModel } from './product-card-format';

const server = stubServerPerTest(() => cartHandlers());
const notes = notesPerTest();
const dealer = makeProfile({ is_regional_warehouse: 0 });

afterEach(() => usePreferences.setState({ showPrice: true }));

const product = (over: Partial<ProductCardData> = {}): ProductCardData => ({
  product_id: 7,
  pic: '/media/parts/7.svg',
  product_name: '前刹车片',
  l_name_zh: '前刹车片',
  number: 'A0004209204',
  l_model_zh: '奔驰C级 W205 C200 C260 C300 2015-2021款 E级 W213',
  sales_price: '268.5',
  is_buy: 0,
  cart_number: 0,
  ...over,
});

describe('truncateVehicleModel', () => {
  it('keeps texts of up to 20 characters', () => {
    expect(truncateVehicleModel('奔驰C级 W205')).toBe('奔驰C级 W205');
    expect(truncateVehicleModel('一二三四五六七八九十一二三四五六七八九十')).toBe(
      '一二三四五六七八九十一二三四五六七八九十',
    );
  });

  it('cuts longer texts at 20 characters and adds an ellipsis', () => {
    expect(truncateVehicleModel('一二三四五六七八九十一二三四五六七八九十多')).toBe(
      '一二三四五六七八九十一二三四五六七八九十...',
    );
    expect(truncateVehicleModel('宝马3系 F30 320Li 328Li 2013-2019款')).toBe('宝马3系 F30 320Li 328Li...');
  });
});

describe('formatPrice', () => {
  it('shows two decimals and the yuan sign', () => {
    expect(formatPrice('268.5')).toBe('¥268.50');
    expect(formatPrice(12)).toBe('¥12.00');
    expect(formatPrice('')).toBe('--');
    expect(formatPrice('abc')).toBe('--');
  });
});

describe('ProductCard', () => {
  it('shows name, OE number, cut vehicle model and price, and links to the detail', () => {
    renderWithProviders(<ProductCard product={product()} />);
    expect(screen.getByText('前刹车片')).toBeTruthy();
    expect(screen.getByText('A0004209204')).toBeTruthy();
    expect(screen.getByText('奔驰C级 W205 C200 C260...')).toBeTruthy();
    expect(screen.getByTestId('vehicle-model').getAttribute('title')).toBe(product().l_model_zh);
    expect(screen.getByText('¥268.50')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/parts/details?id=7');
  });

  it('hides the price, on the card and in its cart dialog, while the purchase price is hidden', async () => {
    usePreferences.setState({ showPrice: false });
    renderWithProviders(<ProductCard product={product()} />, dealer);
    expect(screen.queryByText('¥268.50')).toBeNull();
    expect(screen.getByText('前刹车片')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('前刹车片')).toBeTruthy();
    expect(within(dialog).queryByText('¥268.50')).toBeNull();
  });

  it("shows the '买过' tag only when is_buy is 1", () => {
    const { unmount } = renderWithProviders(<ProductCard product={product({ is_buy: 0 })} />);
    expect(screen.queryByText('买过')).toBeNull();
    unmount();
    renderWithProviders(<ProductCard product={product({ is_buy: 1 })} />);
    expect(screen.getByText('买过')).toBeTruthy();
  });
});

describe('ProductCard link and cart button', () => {
  /** The card on a page, with the detail route to see where a click leads. */
  function renderOnPage(over: Partial<ProductCardData> = {}) {
    renderRoutes(
      [
        { path: '/home', element: <ProductCard product={product(over)} /> },
        { path: '/parts/details', element: <h1>配件详情页</h1> },
      ],
      ['/home'],
      dealer,
    );
  }

  it('has no interactive content inside its link: the link and the cart button are siblings', () => {
    renderOnPage();
    const container = document.body;
    const link = screen.getByRole('link');
    const button = screen.getByRole('button', { name: '加入购物车' });
    expect(container.querySelectorAll('a button, a input, a a, a [tabindex]')).toHaveLength(0);
    expect(link.contains(button)).toBe(false);
    expect(button.closest('a')).toBeNull();
    // Both take keyboard focus.
    link.focus();
    expect(document.activeElement).toBe(link);
    button.focus();
    expect(document.activeElement).toBe(button);
    // The link still names the part and carries the whole card's content (a click anywhere opens it).
    expect(within(link).getByText('前刹车片')).toBeTruthy();
    expect(within(link).getByText('¥268.50')).toBeTruthy();
    expect(within(link).getByAltText('前刹车片')).toBeTruthy();
  });

  it('clicking the cart button adds to the cart without leaving the page', async () => {
    renderOnPage();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    expect(screen.queryByText('配件详情页')).toBeNull();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /加入购物车/ })
        .at(-1)!,
    );
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('操作成功'));
    expect(server.callsTo('POST /api/Shop.Cart/add').map((c) => c.body)).toEqual([
      { product_id: 7, quantity: 1, warehouse_type: 1, is_coming_soon: 0 },
    ]);
    expect(screen.queryByText('配件详情页')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/parts/details?id=7');
  });

  it('clicking the card (picture, name or price) opens the detail', () => {
    renderOnPage();
    fireEvent.click(screen.getByText('¥268.50'));
    expect(screen.getByText('配件详情页')).toBeTruthy();
  });
});
