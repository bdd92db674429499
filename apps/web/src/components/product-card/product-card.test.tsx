import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductCard as ProductCardData } from '@shop/core/api/home';
import { ProductCard } from './product-card';
import { formatPrice, truncateVehicleModel } from './product-card-format';

afterEach(cleanup);

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
    render(
      <MemoryRouter>
        <ProductCard product={product()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('前刹车片')).toBeTruthy();
    expect(screen.getByText('A0004209204')).toBeTruthy();
    expect(screen.getByText('奔驰C级 W205 C200 C260...')).toBeTruthy();
    expect(screen.getByTestId('vehicle-model').getAttribute('title')).toBe(product().l_model_zh);
    expect(screen.getByText('¥268.50')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/parts/details?id=7');
  });

  it("shows the '买过' tag only when is_buy is 1", () => {
    const { rerender } = render(
      <MemoryRouter>
        <ProductCard product={product({ is_buy: 0 })} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('买过')).toBeNull();
    rerender(
      <MemoryRouter>
        <ProductCard product={product({ is_buy: 1 })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('买过')).toBeTruthy();
  });
});
