import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CartItem } from '@shop/core/api/cart';
import type { UserProfile } from '@shop/core/api/user';
import { notify } from '../../lib/notify';
import { cartKeys, type CartRouteState } from '../../entities/cart/cart-queries';
import { testProfile } from '../../test/fixtures';
import CartPage from './cart-page';
import { testQueryClient } from '../../test/render-route';

const line = (id: number, over: Partial<CartItem> = {}): CartItem => ({
  pd_cart_id: id,
  product_id: 100 + id,
  frey_no: `FR-${id}`,
  number: `OE-${id}`,
  l_name_zh: `配件${id}`,
  l_model_zh: '宝马 5系',
  pic: '',
  price: '10.10',
  quantity: 2,
  tootal_price: '20.20',
  warehouse_type: 1,
  stock: 5,
  beijing_stock: 0,
  is_delisting: 0,
  is_orderable: 1,
  is_coming_soon: 0,
  user_name: 'demo',
  created_at: '2026-11-22T00:00:00.000Z',
  ...over,
});

interface MockCart {
  lines: CartItem[];
  addMore: (body: { pd_cart_id: number; quantity: number }) => { status: number; msg: string; data: unknown };
  calls: { path: string; body: unknown }[];
}

function mockApi(cart: MockCart, profile: UserProfile = testProfile()) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    cart.calls.push({ path, body });
    const reply = (data: unknown, status = 200, msg = 'ok') =>
      new Response(JSON.stringify({ status, msg, data }), { status: 200 });
    if (path === '/api/Shop.User/info') return reply(profile);
    if (path === '/api/Shop.Cart/getList')
      return reply({ cart_list: cart.lines, points_cart_list: [], is_settlement: cart.lines.length ? 1 : 0 });
    if (path === '/api/Shop.Cart/paramsList') return reply({ l_model_zh_list: ['宝马 5系'], user_name_list: ['demo'] });
    if (path === '/api/Shop.Cart/addMore') {
      const r = cart.addMore(body as { pd_cart_id: number; quantity: number });
      return reply(r.data, r.status, r.msg);
    }
    return reply(null, 500, '未知接口');
  });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</div>;
}

function renderCart(state?: CartRouteState) {
  const client = testQueryClient();
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/settlement/list', state }]}>
        <Routes>
          <Route path="/settlement/list" element={<CartPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const checkbox = (name: string) => within(rowOf(name)).getByRole('checkbox');
const total = () => screen.getByTestId('cart-total').textContent;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('cart page lines', () => {
  it("caps a line's stock like a part row's ('99+')", async () => {
    mockApi({
      lines: [line(1, { stock: 5 }), line(2, { stock: 4321 })],
      addMore: () => ({ status: 200, msg: 'ok', data: null }),
      calls: [],
    });
    renderCart();
    await screen.findByText('配件2');
    expect(within(rowOf('配件1')).getByText('5')).toBeTruthy();
    expect(within(rowOf('配件2')).getByText('99+')).toBeTruthy();
    expect(within(rowOf('配件2')).queryByText('4321')).toBeNull();
  });
});

describe('cart page selection', () => {
  it('select-all skips delisted lines, totals the checked lines and keeps flags by id across refreshes', async () => {
    const cart: MockCart = {
      lines: [line(1), line(2, { price: '0.10', quantity: 3, tootal_price: '0.30' }), line(3, { is_delisting: 1 })],
      addMore: () => ({ status: 200, msg: 'ok', data: null }),
      calls: [],
    };
    mockApi(cart);
    const { client } = renderCart();
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
    const cart: MockCart = {
      lines: [
        line(1, { product_id: 501, warehouse_type: 1 }),
        line(2, { product_id: 501, warehouse_type: 2 }),
        line(3, { product_id: 502 }),
      ],
      addMore: () => ({ status: 200, msg: 'ok', data: null }),
      calls: [],
    };
    mockApi(cart, testProfile({ is_regional_warehouse: 1 }));
    renderCart({ repurchase: [{ product_id: 501, warehouse_type: 2 }] });
    await screen.findByText('配件1');
    await waitFor(() => expect((checkbox('配件2') as HTMLInputElement).checked).toBe(true));
    expect((checkbox('配件1') as HTMLInputElement).checked).toBe(false);
    expect((checkbox('配件3') as HTMLInputElement).checked).toBe(false);
  });

  it('settle goes to the two-warehouse page with the checked ids when lines span both warehouses', async () => {
    const cart: MockCart = {
      lines: [line(1), line(2, { warehouse_type: 2, beijing_stock: 4 }), line(3)],
      addMore: () => ({ status: 200, msg: 'ok', data: null }),
      calls: [],
    };
    mockApi(cart, testProfile({ is_regional_warehouse: 1 }));
    renderCart();
    await screen.findByText('配件1');
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '去结算' }));
    expect(error).toHaveBeenCalledWith('请先勾选要结算的商品');
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
    const cart: MockCart = {
      lines: [line(1, { quantity: 2 })],
      addMore: ({ quantity }) =>
        quantity > 3
          ? { status: 201, msg: '购买数量不能超过 99999', data: null }
          : { status: 200, msg: 'ok', data: { pd_cart_id: 1, quantity } },
      calls: [],
    };
    mockApi(cart);
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    renderCart();
    await screen.findByText('配件1');
    const box = within(rowOf('配件1'));
    const input = box.getByRole('textbox', { name: '数量' }) as HTMLInputElement;

    fireEvent.click(box.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('3');
    await waitFor(() =>
      expect(cart.calls.filter((c) => c.path === '/api/Shop.Cart/addMore').map((c) => c.body)).toEqual([
        { pd_cart_id: 1, quantity: 3 },
      ]),
    );
    cart.lines = [line(1, { quantity: 3 })];
    await waitFor(() => expect(input.value).toBe('3'));

    fireEvent.click(box.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('4');
    await waitFor(() => expect(error).toHaveBeenCalledWith('购买数量不能超过 99999'));
    await waitFor(() => expect(input.value).toBe('3'));
  });

  it('typing keeps digits only, at most 99999; minus is disabled at 0; plus is blocked for Beijing without stock', async () => {
    const cart: MockCart = {
      lines: [line(1, { quantity: 1 }), line(2, { warehouse_type: 2, beijing_stock: 0, quantity: 1 })],
      addMore: ({ pd_cart_id, quantity }) => ({ status: 200, msg: 'ok', data: { pd_cart_id, quantity } }),
      calls: [],
    };
    mockApi(cart, testProfile({ is_regional_warehouse: 1 }));
    renderCart();
    await screen.findByText('配件1');
    const box = within(rowOf('配件1'));
    const input = box.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2.' } });
    expect(input.value).toBe('12');
    fireEvent.blur(input);
    await waitFor(() =>
      expect(
        cart.calls.some((c) => c.path === '/api/Shop.Cart/addMore' && (c.body as { quantity: number }).quantity === 12),
      ).toBe(true),
    );
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
