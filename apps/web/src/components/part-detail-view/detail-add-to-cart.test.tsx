import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notify } from '../../lib/notify';
import { envelopeResponse, renderWithProviders } from '../part-row/test-fixtures';
import { DetailAddToCart } from './detail-add-to-cart';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the part detail's add to cart", () => {
  it('adds the chosen quantity to the detail warehouse and counts it on top of what the cart held', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return envelopeResponse({ pd_cart_id: 5, quantity: 3 }, 200, '操作成功');
    });
    renderWithProviders(
      <DetailAddToCart state={{ productId: 12, warehouse: 2, quantity: 3, isComingSoon: 0, cartNumber: 2 }} />,
    );
    expect(screen.getByTestId('in-cart').getAttribute('title')).toBe('购物车中 2 件');
    fireEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('操作成功'));
    expect(bodies).toEqual([{ product_id: 12, quantity: 3, warehouse_type: 2, is_coming_soon: 0 }]);
    await waitFor(() => expect(screen.getByTestId('in-cart').getAttribute('title')).toBe('购物车中 5 件'));
  });

  it('keeps the cart untouched and shows no count when an add fails', async () => {
    const failure = vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelopeResponse(null, 201, '北京仓暂无库存'));
    renderWithProviders(
      <DetailAddToCart state={{ productId: 13, warehouse: 1, quantity: 0, isComingSoon: 0, cartNumber: 0 }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('北京仓暂无库存'));
    expect(screen.queryByTestId('in-cart')).toBeNull();
  });
});
