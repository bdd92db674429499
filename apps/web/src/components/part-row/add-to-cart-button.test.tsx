import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notify } from '../../lib/notify';
import { usePreferences } from '../../lib/preferences';
import { testProductRow } from '../../test/fixtures';
import { AddToCartButton } from './add-to-cart-button';
import { envelopeResponse, renderWithProviders } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  usePreferences.setState({ warehouse: 1 });
});

function mockAdd() {
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { quantity: number };
    bodies.push(body);
    return envelopeResponse({ pd_cart_id: 5, quantity: body.quantity + 10 }, 200, '操作成功');
  });
  return bodies;
}

describe('add to cart from a part row', () => {
  it('adds the row quantity to the shared warehouse choice when Beijing is enabled, and shows the cart quantity', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const bodies = mockAdd();
    usePreferences.setState({ warehouse: 2 });
    renderWithProviders(
      <AddToCartButton
        row={testProductRow(8, { is_coming_soon: 1, cart_number: 3, beijing_stock: 20 })}
        quantity={4}
        beijingEnabled
      />,
    );
    // What the cart already holds (cart_number), before any add.
    expect(screen.getByTestId('in-cart').getAttribute('title')).toBe('购物车中 3 件');
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('操作成功'));
    // The main variant marks coming-soon saves.
    expect(bodies).toEqual([{ product_id: 8, quantity: 4, warehouse_type: 2, is_coming_soon: 1 }]);
    await waitFor(() => expect(screen.getByTestId('in-cart').getAttribute('title')).toBe('购物车中 7 件'));
  });

  it('uses Guangzhou without Beijing and 1 when the quantity is 0', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const bodies = mockAdd();
    usePreferences.setState({ warehouse: 2 });
    renderWithProviders(<AddToCartButton row={testProductRow(9)} quantity={0} beijingEnabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(bodies).toEqual([{ product_id: 9, quantity: 1, warehouse_type: 1, is_coming_soon: 0 }]));
  });

  it('shows no cart badge while the cart holds none of the part', () => {
    renderWithProviders(<AddToCartButton row={testProductRow(10)} quantity={1} beijingEnabled={false} />);
    expect(screen.queryByTestId('in-cart')).toBeNull();
  });
});
