import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CartItem } from '@shop/core/api/cart';
import { HeaderCart } from './header-cart';
import { testQueryClient } from '../../test/render-route';

const line = (id: number, total: string): CartItem => ({
  pd_cart_id: id,
  product_id: id,
  frey_no: `FR-${id}`,
  number: `OE-${id}`,
  l_name_zh: `配件${id}`,
  l_model_zh: '',
  pic: '',
  price: '1.10',
  quantity: 1,
  tootal_price: total,
  warehouse_type: 1,
  stock: 1,
  beijing_stock: 0,
  is_delisting: 0,
  is_orderable: 1,
  is_coming_soon: 0,
  user_name: 'demo',
  created_at: '2026-11-22T00:00:00.000Z',
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('header cart', () => {
  it('shows the line count, links to the cart and previews the newest lines with the total on hover', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => line(i + 1, '0.10'));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const data =
        path === '/api/Shop.Cart/count'
          ? { cart_number: 7, total_quantity: 7 }
          : { cart_list: lines, points_cart_list: [], is_settlement: 1 };
      return new Response(JSON.stringify({ status: 200, msg: 'ok', data }), { status: 200 });
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <HeaderCart />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: '购物车，7 种商品' });
    expect(link.getAttribute('href')).toBe('/settlement/list');
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('7'));
    fireEvent.mouseEnter(link);
    const preview = await screen.findByTestId('cart-preview', {}, { timeout: 3000 });
    await waitFor(() => expect(preview.textContent).toContain('配件5'));
    expect(preview.textContent).not.toContain('配件6');
    expect(preview.textContent).toContain('共 7 种商品，合计 ¥0.70');
  });
});
