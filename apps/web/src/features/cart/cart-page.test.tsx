import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartItem, PointsCartItem } from '@shop/core/api/cart';
import { cartKeys, type CartRouteState } from '../../entities/cart/cart-queries';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes, testQueryClient } from '../../test/render-route';
import { makeCartLine, makePointsCartLine, makeProfile } from '../../test/server/factories';
import { cartHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import CartPage from './cart-page';

const line = makeCartLine;

const server = stubServerPerTest();
const notes = notesPerTest();

/** The cart page on the stub server's cart (`cart.lines`, changed by the page's calls). */
function renderCart(
  cart: { lines: CartItem[]; points?: PointsCartItem[] },
  options: { state?: CartRouteState; regional?: boolean } = {},
) {
  server.use(cartHandlers(cart));
  const client = testQueryClient();
  renderRoutes(
    [
      { path: '/settlement/list', element: <CartPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    [{ pathname: '/settlement/list', state: options.state }],
    { client, profile: makeProfile({ is_regional_warehouse: options.regional ? 1 : 0 }) },
  );
  return { client };
}

const addMores = () => server.callsTo('POST /api/Shop.Cart/addMore').map((c) => c.body);

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const checkbox = (name: string) => within(rowOf(name)).getByRole('checkbox');
const total = () => screen.getByTestId('cart-total').textContent;

describe('cart page lines', () => {
  it("caps a line's stock like a part row's ('99+')", async () => {
    renderCart({ lines: [line(1, { stock: 5 }), line(2, { stock: 4321 })] });
    await screen.findByText('配件2');
    expect(within(rowOf('配件1')).getByText('5')).toBeTruthy();
    expect(within(rowOf('配件2')).getByText('99+')).toBeTruthy();
    expect(within(rowOf('配件2')).queryByText('4321')).toBeNull();
  });
});

describe('cart page selection', () => {
  it('select-all skips delisted lines, totals the checked lines and keeps flags by id across refreshes', async () => {
    const cart = {
      lines: [line(1), line(2, { price: '0.10', quantity: 3, tootal_price: '0.30' }), line(3, { is_delisting: 1 })],
    };
    const { client } = renderCart(cart);
    await screen.findByText('配件1');
    expect(total()).toBe('¥0.00');

    fireEvent.click(screen.getAllByRole('checkbox', { name: '全选' })[0]!);
    expect((checkbox('配件1') as HTMLInputElement).checked).toBe(true);
    expect((checkbox('配件2') as HTMLInputElement).checked).toBe(true);
    expect((checkbox('配件3') as HTMLInputElement).checked).toBe(false);
    expect(total()).toBe('¥20.50');

    // The delisted line may still be ticked on its own.
    fireEvent.click(checkbox('配件3'));
    expect(total()).toBe('¥40.70');
    fireEvent.click(checkbox('配件1'));
    expect(total()).toBe('¥20.50');

    // A refresh with a new line and line 2 gone: flags kept by id, the new line unchecked.
    cart.lines = [line(4), line(1), line(3, { is_delisting: 1 })];
    await act(() => client.invalidateQueries({ queryKey: cartKeys.all() }));
    await screen.findByText('配件4');
    expect((checkbox('配件4') as HTMLInputElement).checked).toBe(false);
    expect((checkbox('配件1') as HTMLInputElement).checked).toBe(false);
    expect((checkbox('配件3') as HTMLInputElement).checked).toBe(true);
    expect(total()).toBe('¥20.20');

    // Select-all off clears everything.
    fireEvent.click(screen.getAllByRole('checkbox', { name: '全选' })[0]!);
    fireEvent.click(screen.getAllByRole('checkbox', { name: '全选' })[0]!);
    expect(total()).toBe('¥0.00');
  });

  it('a buy-again refresh checks only the repurchase lines (product and warehouse with two warehouses)', async () => {
    renderCart(
      {
        lines: [
          line(1, { product_id: 501, warehouse_type: 1 }),
          line(2, { product_id: 501, warehouse_type: 2 }),
          line(3, { product_id: 502 }),
        ],
      },
      { state: { repurchase: [{ product_id: 501, warehouse_type: 2 }] }, regional: true },
    );
    await screen.findByText('配件1');
    await waitFor(() => expect((checkbox('配件2') as HTMLInputElement).checked).toBe(true));
    expect((checkbox('配件1') as HTMLInputElement).checked).toBe(false);
    expect((checkbox('配件3') as HTMLInputElement).checked).toBe(false);
  });

  it('settle goes to the two-warehouse page with the checked ids when lines span both warehouses', async () => {
    renderCart({ lines: [line(1), line(2, { warehouse_type: 2, beijing_stock: 4 }), line(3)] }, { regional: true });
    await screen.findByText('配件1');
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect(notes.error).toHaveBeenCalledWith('请先勾选要结算的商品');
    fireEvent.click(checkbox('配件1'));
    fireEvent.click(checkbox('配件2'));
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/settlement/submit_multiple_warehouses?pd_cart_ids=1,2|{"pd_cart_ids":[1,2]}',
    );
  });
});

describe('cart page quantity', () => {
  it('plus saves at once; a refusal rolls back and shows the server msg', async () => {
    const cart = { lines: [line(1, { quantity: 2 })] };
    renderCart(cart);
    const addMore = cartHandlers(cart)['POST /api/Shop.Cart/addMore']!;
    server.use({
      'POST /api/Shop.Cart/addMore': (call) =>
        (call.body as { quantity: number }).quantity > 3 ? reply.refused('购买数量不能超过 99999') : addMore(call),
    });
    await screen.findByText('配件1');
    const box = within(rowOf('配件1'));
    const input = box.getByRole('textbox', { name: '数量' }) as HTMLInputElement;

    fireEvent.click(box.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('3');
    await waitFor(() => expect(addMores()).toEqual([{ pd_cart_id: 1, quantity: 3 }]));
    await waitFor(() => expect(input.value).toBe('3'));

    fireEvent.click(box.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('4');
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('购买数量不能超过 99999'));
    await waitFor(() => expect(input.value).toBe('3'));
  });

  it('typing keeps digits only, at most 99999; minus is disabled at 0; plus is blocked for Beijing without stock', async () => {
    renderCart(
      { lines: [line(1, { quantity: 1 }), line(2, { warehouse_type: 2, beijing_stock: 0, quantity: 1 })] },
      { regional: true },
    );
    await screen.findByText('配件1');
    const box = within(rowOf('配件1'));
    const input = box.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2.' } });
    expect(input.value).toBe('12');
    fireEvent.blur(input);
    await waitFor(() => expect(addMores()).toContainEqual({ pd_cart_id: 1, quantity: 12 }));
    // A pasted 20-digit number stops at what the cart takes.
    fireEvent.change(input, { target: { value: '12345678901234567890' } });
    expect(input.value).toBe('99999');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await waitFor(() => expect(box.getByRole('button', { name: '减少数量' })).toHaveProperty('disabled', true));

    const beijing = within(rowOf('配件2'));
    expect(beijing.getByRole('button', { name: '增加数量' })).toHaveProperty('disabled', true);
    expect(beijing.getByRole('button', { name: '减少数量' })).toHaveProperty('disabled', false);
    fireEvent.mouseEnter(beijing.getByTestId('plus-wrapper'));
    expect(await screen.findByText('北京仓暂无库存')).toBeTruthy();
  });
});

describe('cart page points-mall lines', () => {
  const points = () => screen.getByRole('region', { name: '积分商品' });
  const pointsTotal = () => screen.getByTestId('cart-points-total').textContent;

  it('shows them as a section of their own with points per item and the points total of the checked lines', async () => {
    renderCart({
      lines: [line(1)],
      points: [makePointsCartLine(5, { quantity: 2 }), makePointsCartLine(6, { customer_sale_price: '120' })],
    });
    await screen.findByText('赠品5');
    expect(within(points()).getByText('积分商品（2）')).toBeTruthy();
    expect(within(rowOf('赠品5')).getByText('30 积分')).toBeTruthy();
    expect(within(rowOf('赠品5')).getByText('60 积分')).toBeTruthy();
    expect(within(rowOf('赠品6')).getAllByText('120 积分')).toHaveLength(2);
    expect(pointsTotal()).toBe('0 积分');
    fireEvent.click(within(points()).getByRole('checkbox', { name: '全选积分商品' }));
    expect(pointsTotal()).toBe('180 积分');
    fireEvent.click(within(points()).getByRole('checkbox', { name: '选择 赠品6' }));
    expect(pointsTotal()).toBe('60 积分');
    // The parts total is the parts' only.
    expect(total()).toBe('¥0.00');
  });

  it('changes quantities with addPointsCart, decPointsCartNumber and updatePointsCartQuantity, and removes with delPointsCart', async () => {
    const cart = { lines: [line(1)], points: [makePointsCartLine(5, { quantity: 2, stock: 3 })] };
    server.use({
      'POST /api/Shop.Points/addPointsCart': () => {
        cart.points = [{ ...cart.points[0]!, quantity: cart.points[0]!.quantity + 1 }];
        return reply.ok(null, '已加入购物车');
      },
      'POST /api/Shop.Points/decPointsCartNumber': () => {
        cart.points = [{ ...cart.points[0]!, quantity: cart.points[0]!.quantity - 1 }];
        return reply.ok(null, '操作成功');
      },
      'POST /api/Shop.Points/updatePointsCartQuantity': () => reply.refused('积分商品库存不足'),
      'GET /api/Shop.Points/delPointsCart': () => {
        cart.points = [];
        return { deleted: 1 };
      },
    });
    renderCart(cart);
    await screen.findByText('赠品5');
    fireEvent.click(screen.getByRole('button', { name: '增加 赠品5' }));
    await waitFor(() => expect(within(rowOf('赠品5')).getByText('90 积分')).toBeTruthy());
    expect(server.callsTo('POST /api/Shop.Points/addPointsCart').map((c) => c.body)).toEqual([
      { points_product_id: 105, quantity: 1 },
    ]);
    // At the stock the plus is off.
    await waitFor(() => expect(screen.getByRole('button', { name: '增加 赠品5' })).toHaveProperty('disabled', true));
    fireEvent.click(screen.getByRole('button', { name: '减少 赠品5' }));
    await waitFor(() => expect(within(rowOf('赠品5')).getByText('60 积分')).toBeTruthy());
    expect(server.callsTo('POST /api/Shop.Points/decPointsCartNumber').map((c) => c.body)).toEqual([
      { points_cart_id: 5 },
    ]);
    // A typed quantity the server refuses goes back to the stored one.
    const box = screen.getByRole('textbox', { name: '赠品5 数量' });
    fireEvent.change(box, { target: { value: '1' } });
    fireEvent.blur(box);
    await waitFor(() => expect(server.callsTo('POST /api/Shop.Points/updatePointsCartQuantity')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.Points/updatePointsCartQuantity')[0]!.body).toEqual({
      points_cart_id: 5,
      quantity: 1,
    });
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('2'));

    fireEvent.click(within(rowOf('赠品5')).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByText('赠品5')).toBeNull());
    expect(server.callsTo('GET /api/Shop.Points/delPointsCart').map((c) => c.query)).toEqual([{ ids: '5' }]);
  });

  it('settles the checked points lines alone (a gift order)', async () => {
    renderCart({ lines: [], points: [makePointsCartLine(5)] });
    await screen.findByText('赠品5');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 赠品5' }));
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/settlement/submit?pd_cart_ids=&points_cart_ids=5|{"pd_cart_ids":[],"points_cart_ids":[5]}',
    );
  });

  it('settles the checked points lines with the parts (points_cart_ids)', async () => {
    renderCart({ lines: [line(1)], points: [makePointsCartLine(5), makePointsCartLine(6)] });
    await screen.findByText('赠品5');
    fireEvent.click(checkbox('配件1'));
    fireEvent.click(
      within(screen.getByRole('region', { name: '积分商品' })).getByRole('checkbox', { name: '选择 赠品6' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe(
      '/settlement/submit?pd_cart_ids=1&points_cart_ids=6|{"pd_cart_ids":[1],"points_cart_ids":[6]}',
    );
  });
});
