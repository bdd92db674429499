import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { OrderSummary, PurchaseListResponse } from '@shop/core/api/orders';
import { notify } from '../../lib/notify';
import OrderListPage from './order-list-page';
import { testQueryClient } from '../../test/render-route';

const order = (id: number, over: Partial<OrderSummary> = {}): OrderSummary => ({
  orders_id: id,
  orders_no: `SO20261122000000${id}`,
  status: 'pending_shipment',
  status_cn: '待发货',
  create_date: '2026-11-22 10:00:00',
  total_amount: '120.50',
  item_count: 2,
  total_quantity: 3,
  lack_count: 0,
  warehouse_types: [1, 2],
  user_name: 'regional_c',
  remark: '',
  is_cancellable: 1,
  can_cancel: 1,
  can_receipt: 0,
  delivery_count: 0,
  ...over,
});

function mockApi(list: OrderSummary[]) {
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  const calls: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const reply = (data: unknown, msg = 'ok') =>
      new Response(JSON.stringify({ status: 200, msg, data }), { status: 200 });
    if (path === '/api/Shop.Order/getPurchaseList') {
      const status = (body as { status: string }).status;
      const rows = list.filter((o) => !status || o.status === status);
      const page: PurchaseListResponse = {
        total: rows.length,
        page: 1,
        limit: 10,
        list: rows,
        status_counts: {
          all: list.length,
          pending_shipment: list.filter((o) => o.status === 'pending_shipment').length,
          shipped: list.filter((o) => o.status === 'shipped').length,
        },
      };
      return reply(page);
    }
    if (path === '/api/Shop.Order/cancelOrder') return reply(null, '订单已取消，库存已退回');
    if (path === '/api/Shop.Order/buyAgain')
      return reply(
        { repurchaseProduct: [{ product_id: 5, warehouse_type: 2, quantity: 1 }], skipped: [] },
        '已加入购物车',
      );
    return new Response(JSON.stringify({ status: 500, msg: '未知接口', data: null }), { status: 200 });
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}|${JSON.stringify(location.state)}`}</div>;
}

function renderPage(url = '/profile/myorder') {
  const client = testQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/profile/myorder" element={<OrderListPage />} />
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

describe('order list', { timeout: 20_000 }, () => {
  it('shows the tabs with counts and filters by status', async () => {
    const calls = mockApi([
      order(1),
      order(2, { status: 'shipped', status_cn: '已发货', is_cancellable: 0, can_cancel: 0, can_receipt: 1 }),
    ]);
    renderPage();
    expect(await screen.findByText('SO202611220000001')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部订单 (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已发货 (1)' }));
    await waitFor(() => expect(screen.queryByText('SO202611220000001')).toBeNull());
    const row = screen.getByText('SO202611220000002').closest('tr')!;
    expect(within(row).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(row).getByRole('button', { name: '确认收货' })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('getPurchaseList')).at(-1)!.body).toMatchObject({
      status: 'shipped',
      page: 1,
    });
  });

  it('cancels only after the confirmation', async () => {
    const calls = mockApi([order(1)]);
    renderPage();
    const row = (await screen.findByText('SO202611220000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '取消订单' }));
    expect(calls.some((c) => c.path.endsWith('cancelOrder'))).toBe(false);
    await screen.findByText('确定取消该订单吗？');
    const confirm = screen.getAllByRole('button', { name: '取消订单' }).find((b) => !row.contains(b))!;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('cancelOrder'))?.body).toEqual({ order_id: 1 }));
  });

  it('offers 取消订单 only on the orders this account may cancel (a sub-account on the main account’s orders: not)', async () => {
    mockApi([order(1, { user_name: 'a_main', can_cancel: 0 }), order(2, { user_name: 'a_sub', can_cancel: 1 })]);
    renderPage();
    const mains = (await screen.findByText('SO202611220000001')).closest('tr')!;
    const own = screen.getByText('SO202611220000002').closest('tr')!;
    expect(within(mains).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(mains).getByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: '取消订单' })).toBeTruthy();
  });

  it('buys again: back to the cart with the repurchase lines', async () => {
    mockApi([order(1)]);
    renderPage();
    const row = (await screen.findByText('SO202611220000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '再次购买' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/settlement/list|{"repurchase":[{"product_id":5,"warehouse_type":2,"quantity":1}]}',
      ),
    );
  });

  it('reads the tab, filters, page and size from the address (a reload keeps them)', async () => {
    const calls = mockApi([order(2, { status: 'shipped', status_cn: '已发货' })]);
    renderPage('/profile/myorder?status=shipped&orders_no=SO2&start_date=2026-11-01&end_date=2026-11-30&limit=20');
    expect(await screen.findByText('SO202611220000002')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('getPurchaseList')).at(-1)!.body).toMatchObject({
      status: 'shipped',
      orders_no: 'SO2',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: 1,
      limit: 20,
    });
    expect(screen.getByRole('tab', { name: /已发货/, selected: true })).toBeTruthy();
    expect((screen.getByPlaceholderText('订单号') as HTMLInputElement).value).toBe('SO2');
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');
  });

  it('says so when there are no orders', async () => {
    mockApi([]);
    renderPage();
    expect(await screen.findByText('暂无订单')).toBeTruthy();
  });
});
