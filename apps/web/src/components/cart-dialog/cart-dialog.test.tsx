import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { usePreferences } from '../../lib/preferences';
import { notesPerTest } from '../../test/notes';
import { makeProfile } from '../../test/server/factories';
import { cartHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { renderWithProviders } from '../../test/render-route';
import { CartDialog } from './cart-dialog';

const server = stubServerPerTest(() => cartHandlers());
const notes = notesPerTest();

afterEach(() => usePreferences.setState({ warehouse: 1 }));

function renderDialog(regional: 0 | 1) {
  const onClose = vi.fn();
  renderWithProviders(
    <CartDialog
      product={{ product_id: 42, name: '前刹车片', number: 'A0004200420', pic: '', price: '12.50', beijing_stock: 5 }}
      onClose={onClose}
    />,
    makeProfile({ is_regional_warehouse: regional }),
  );
  return { onClose, adds: () => server.callsTo('POST /api/Shop.Cart/add').map((c) => c.body) };
}

const addButton = () => screen.getAllByRole('button', { name: /加入购物车/ }).at(-1)!;

describe('cart dialog', () => {
  it('adds the quantity to the chosen warehouse and updates the shared choice', async () => {
    const { adds, onClose } = renderDialog(1);
    fireEvent.click(screen.getByRole('radio', { name: '北京仓' }));
    expect(usePreferences.getState().warehouse).toBe(2);
    fireEvent.change(screen.getByRole('textbox', { name: '数量' }), { target: { value: '2x' } });
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(addButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(adds()).toEqual([{ product_id: 42, quantity: 3, warehouse_type: 2, is_coming_soon: 0 }]);
    expect(notes.success).toHaveBeenCalledWith('操作成功');
  });

  it('a pasted 20-digit quantity becomes the cart maximum 99999, which the cart takes', async () => {
    const { adds, onClose } = renderDialog(0);
    const input = screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12345678901234567890' } });
    expect(input.value).toBe('99999');
    fireEvent.click(addButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(adds()).toEqual([{ product_id: 42, quantity: 99999, warehouse_type: 1, is_coming_soon: 0 }]);
  });

  it('has no warehouse choice without Beijing; a refusal keeps it open with the server msg', async () => {
    server.use({ 'POST /api/Shop.Cart/add': () => reply.refused('该商品已下架，无法加入购物车') });
    const { adds, onClose } = renderDialog(0);
    expect(screen.queryByRole('radio', { name: '北京仓' })).toBeNull();
    fireEvent.click(addButton());
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('该商品已下架，无法加入购物车'));
    expect(adds()).toEqual([{ product_id: 42, quantity: 1, warehouse_type: 1, is_coming_soon: 0 }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
