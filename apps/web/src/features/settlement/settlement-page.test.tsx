import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AddressItem } from '@shop/core/api/address';
import type { CartItem } from '@shop/core/api/cart';
import { notify } from '../../lib/notify';
import { testProfile } from '../../test/fixtures';
import SettlementPage from './settlement-page';

const line = (id: number, warehouse: 1 | 2): CartItem => ({
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
  warehouse_type: warehouse,
  stock: 5,
  beijing_stock: 5,
  is_delisting: 0,
  is_orderable: 1,
  is_coming_soon: 0,
  user_name: 'demo',
  created_at: '2026-11-22T00:00:00.000Z',
});

const address = (id: number, flags: Partial<AddressItem>): AddressItem => ({
  address_id: id,
  contacts: `收货人${id}`,
  province: '广东省',
  city: '广州市',
  district: '天河区',
  area_code: '440106',
  mobile: '13912345678',
  street: `天河路 ${id} 号`,
  is_main: 0,
  other_is_main: 0,
  logistics_information: '',
  ...flags,
});

function mockApi(orderAnswer: () => Promise<Response>) {
  // No real toasts: their timers would outlive the test environment.
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  const calls: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const reply = (data: unknown) => new Response(JSON.stringify({ status: 200, msg: 'ok', data }), { status: 200 });
    if (path === '/api/Shop.User/info') return reply(testProfile({ is_regional_warehouse: 1 }));
    if (path === '/api/Shop.Cart/getList')
      return reply({
        cart_list: [line(1, 1), { ...line(2, 2), stock: 250 }, line(3, 1)],
        points_cart_list: [],
        is_settlement: 1,
      });
    if (path === '/api/Shop.Address/getAddress')
      return reply({ list: [address(7, {}), address(8, { other_is_main: 1 }), address(9, { is_main: 1 })] });
    if (path === '/api/Shop.Order/add') return orderAnswer();
    return new Response(JSON.stringify({ status: 500, msg: '未知接口', data: null }), { status: 200 });
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/settlement/submit_multiple_warehouses" element={<SettlementPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settlement page', { timeout: 20_000 }, () => {
  it('groups the chosen lines by warehouse, defaults both addresses and submits once while in flight', async () => {
    let release!: (r: Response) => void;
    const calls = mockApi(() => new Promise<Response>((r) => (release = r)));
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=1,2');
    expect(await screen.findByRole('region', { name: '广州仓' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '北京仓' })).toBeTruthy();
    expect(screen.queryByText('配件3')).toBeNull();
    expect(screen.getByText('¥40.40')).toBeTruthy();
    // Stock capped like a part row's.
    expect(within(screen.getByRole('region', { name: '北京仓' })).getByText('99+')).toBeTruthy();
    const gz = screen.getByRole('radiogroup', { name: '广州仓收货地址' });
    const bj = screen.getByRole('radiogroup', { name: '北京仓收货地址' });
    expect((gz.querySelector('input[value="9"]') as HTMLInputElement).checked).toBe(true);
    expect((bj.querySelector('input[value="8"]') as HTMLInputElement).checked).toBe(true);

    const submit = screen.getByRole('button', { name: '提交订单' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Shop.Order/add')).toHaveLength(1));
    const sent = calls.find((c) => c.path === '/api/Shop.Order/add')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ pd_cart_ids: '1,2', address_id: 9, other_address_id: 8 });
    expect(String(sent.idempotency_key)).toMatch(/^settle-/);
    expect((sent.cart as unknown[]).length).toBe(2);

    release(
      new Response(
        JSON.stringify({
          status: 200,
          msg: '下单成功',
          data: { order_id: 42, orders_no: 'SO202611220000042', total_amount: '40.40', return_data: [], repeated: 0 },
        }),
        { status: 200 },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settlement/submit_success?id=42'));
  });

  it('says so when none of the lines is in the cart any more', async () => {
    mockApi(() => Promise.reject(new Error('not called')));
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=99');
    expect(await screen.findByText('没有要结算的商品')).toBeTruthy();
  });
});
