import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import { setNotifier } from '../../lib/notify';
import { renderWithProviders } from '../../test/render-route';
import { makePage, makePartRow } from '../../test/server/factories';
import { cartHandlers, partHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { partKeys } from './part-queries';
import { usePartActions } from './use-part-actions';

const notes = { success: vi.fn<(t: string) => void>(), error: vi.fn<(t: string) => void>() };
const server = stubServerPerTest(() => ({ ...userHandlers(), ...partHandlers(), ...cartHandlers() }));

beforeEach(() => {
  notes.success.mockReset();
  notes.error.mockReset();
  setNotifier(notes);
});

/** One part with its actions, as a row or a detail renders them. */
function Part({ source, quantity = 1, warehouse = 1 }: { source: ProductRow; quantity?: number; warehouse?: 1 | 2 }) {
  const { part, pending, toggleFavourite, viewStock, requestRestock, addToCart } = usePartActions(source);
  return (
    <div>
      <span data-testid="state">{`sub ${part.is_sub} apply ${part.is_apply} stock ${part.frey_stock} cart ${part.cart_number}`}</span>
      <button onClick={toggleFavourite} aria-busy={pending.favourite}>
        fav
      </button>
      <button onClick={viewStock}>stock</button>
      <button onClick={requestRestock}>restock</button>
      <button onClick={() => addToCart(quantity, warehouse)}>add</button>
    </div>
  );
}

/** A list of part rows on screen (under the ['part'] root) next to the part. */
function ListAndPart({ source }: { source: ProductRow }) {
  const list = useQuery({
    queryKey: partKeys.rows('test-list'),
    queryFn: async () => (await fetch('/api/test/list', { method: 'POST' })).json(),
  });
  return (
    <>
      <span data-testid="lists">{list.dataUpdatedAt ? 'loaded' : ''}</span>
      <Part source={source} />
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('usePartActions', () => {
  it('a favourite shows at once and makes the part lists on screen load again (the [part] prefix)', async () => {
    server.use({ 'POST /api/test/list': () => makePage([makePartRow(1)]) });
    renderWithProviders(<ListAndPart source={makePartRow(1)} />);
    await waitFor(() => expect(server.callsTo('POST /api/test/list')).toHaveLength(1));
    fireEvent.click(screen.getByText('fav'));
    await waitFor(() => expect(state()).toContain('sub 1'));
    expect(notes.success).toHaveBeenCalledWith('收藏成功');
    await waitFor(() => expect(server.callsTo('POST /api/test/list')).toHaveLength(2));
  });

  it('a second favourite click while the first is on its way is refused', async () => {
    renderWithProviders(<Part source={makePartRow(1)} />);
    fireEvent.click(screen.getByText('fav'));
    fireEvent.click(screen.getByText('fav'));
    expect(notes.error).toHaveBeenCalledWith('请求过于频繁');
    await waitFor(() => expect(state()).toContain('sub 1'));
    expect(server.callsTo('POST /api/Shop.Collection/toggle')).toHaveLength(1);
  });

  it('view stock brings the figures, and an alert by itself when the account cannot order any', async () => {
    server.use(partHandlers({ stock: { product_id: 3, frey_stock: 0, my_stock: 0, available_stock: 0 } }));
    renderWithProviders(<Part source={makePartRow(3, { is_view_stock: 0, my_stock: 0 })} />);
    fireEvent.click(screen.getByText('stock'));
    await waitFor(() => expect(state()).toBe('sub 0 apply 1 stock 0 cart 0'));
    expect(server.callsTo('POST /api/Shop.Accessory/applyForReplenishment')).toHaveLength(1);
    expect(notes.success).toHaveBeenCalledWith('提交成功');
  });

  it('a restock alert refused as a repeat shows the part reminded, with the one message', async () => {
    server.use({ 'POST /api/Shop.Accessory/applyForReplenishment': () => reply.refused('已提交，不能重复提交') });
    renderWithProviders(<Part source={makePartRow(4, { my_stock: 0 })} />);
    fireEvent.click(screen.getByText('restock'));
    await waitFor(() => expect(state()).toContain('apply 1'));
    expect(notes.error.mock.calls).toEqual([['已提交，不能重复提交']]);
  });

  it('adds to the cart (coming soon flagged in the main variant) and counts on top of cart_number', async () => {
    renderWithProviders(
      <Part source={makePartRow(8, { is_coming_soon: 1, cart_number: 3 })} quantity={4} warehouse={2} />,
    );
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(state()).toContain('cart 7'));
    expect(server.callsTo('POST /api/Shop.Cart/add').map((c) => c.body)).toEqual([
      { product_id: 8, quantity: 4, warehouse_type: 2, is_coming_soon: 1 },
    ]);
    expect(notes.success).toHaveBeenCalledWith('操作成功');
  });

  it('adds 1 for a quantity of 0; a variant without the coming-soon flag sends 0', async () => {
    renderWithProviders(<Part source={makePartRow(9, { is_coming_soon: 1 })} quantity={0} />, { brand: 'eurox' });
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(state()).toContain('cart 1'));
    expect(server.callsTo('POST /api/Shop.Cart/add')[0]?.body).toEqual({
      product_id: 9,
      quantity: 1,
      warehouse_type: 1,
      is_coming_soon: 0,
    });
  });

  it('a refused add shows the server message once and leaves the count', async () => {
    server.use({ 'POST /api/Shop.Cart/add': () => reply.refused('北京仓暂无库存') });
    renderWithProviders(<Part source={makePartRow(13)} />);
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(notes.error).toHaveBeenCalled());
    expect(notes.error.mock.calls).toEqual([['北京仓暂无库存']]);
    expect(state()).toContain('cart 0');
  });
});
