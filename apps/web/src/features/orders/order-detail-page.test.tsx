import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { OrderDetail } from '@shop/core/api/orders';
import { notify } from '../../lib/notify';
import OrderDetailPage from './order-detail-page';
import { testQueryClient } from '../../test/render-route';

const detail = (over: Partial<OrderDetail>): OrderDetail => ({
  orders_id: 1,
  orders_no: 'SO2026112200000001',
  status: 'pending_shipment',
  status_cn: '待发货',
  create_date: '2026-11-22 10:00:00',
  total_amount: '120.50',
  item_count: 0,
  total_quantity: 0,
  lack_count: 0,
  warehouse_types: [1],
  user_name: 'a_main',
  remark: '',
  is_cancellable: 1,
  can_cancel: 1,
  can_receipt: 0,
  delivery_count: 0,
  address: null,
  other_address: null,
  beijing_remark: '',
  is_split: 0,
  items: [],
  lack_items: [],
  deliveries: [],
  cancelled_at: '',
  completed_at: '',
  ...over,
});

function renderWith(data: OrderDetail) {
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ status: 200, msg: '', data }), { status: 200 }),
  );
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile/myorder/detail?id=1']}>
        <Routes>
          <Route path="/profile/myorder/detail" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('order detail', { timeout: 20_000 }, () => {
  it('offers 取消订单 when this account may cancel the order', async () => {
    renderWith(detail({ can_cancel: 1 }));
    expect(await screen.findByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消订单' })).toBeTruthy();
  });

  it('does not offer it on an order this account may not cancel, though its status still allows it', async () => {
    renderWith(detail({ is_cancellable: 1, can_cancel: 0 }));
    expect(await screen.findByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });
});
