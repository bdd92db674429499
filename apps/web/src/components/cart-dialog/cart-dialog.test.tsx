import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { usePreferences } from '../../lib/preferences';
import { userQueries } from '../../entities/user/user-queries';
import { testProfile } from '../../test/fixtures';
import { CartDialog } from './cart-dialog';
import { testQueryClient } from '../../test/render-route';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  usePreferences.setState({ warehouse: 1 });
});

function renderDialog(regional: 0 | 1, reply = { status: 200, msg: '操作成功', data: { pd_cart_id: 1, quantity: 3 } }) {
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  const client = testQueryClient();
  client.setQueryData(userQueries.info().queryKey, testProfile({ is_regional_warehouse: regional }));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CartDialog
        product={{ product_id: 42, name: '前刹车片', number: 'A0004200420', pic: '', price: '12.50', beijing_stock: 5 }}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { bodies, onClose };
}

describe('cart dialog', () => {
  it('adds the quantity to the chosen warehouse and updates the shared choice', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { bodies, onClose } = renderDialog(1);
    fireEvent.click(screen.getByRole('radio', { name: '北京仓' }));
    expect(usePreferences.getState().warehouse).toBe(2);
    fireEvent.change(screen.getByRole('textbox', { name: '数量' }), { target: { value: '2x' } });
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(screen.getAllByRole('button', { name: /加入购物车/ }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ product_id: 42, quantity: 3, warehouse_type: 2, is_coming_soon: 0 }]);
    expect(success).toHaveBeenCalledWith('操作成功');
  });

  it('a pasted 20-digit quantity becomes the cart maximum 99999, which the cart takes', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { bodies, onClose } = renderDialog(0);
    const input = screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12345678901234567890' } });
    expect(input.value).toBe('99999');
    fireEvent.click(screen.getAllByRole('button', { name: /加入购物车/ }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ product_id: 42, quantity: 99999, warehouse_type: 1, is_coming_soon: 0 }]);
  });

  it('has no warehouse choice without Beijing; a refusal keeps it open with the server msg', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { bodies, onClose } = renderDialog(0, {
      status: 201,
      msg: '该商品已下架，无法加入购物车',
      data: null as never,
    });
    expect(screen.queryByRole('radio', { name: '北京仓' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /加入购物车/ }).at(-1)!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('该商品已下架，无法加入购物车'));
    expect(bodies).toEqual([{ product_id: 42, quantity: 1, warehouse_type: 1, is_coming_soon: 0 }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
