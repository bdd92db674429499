import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderDetail } from '@shop/core/api/orders';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { makeOrderDetail } from '../../test/server/factories';
import { orderHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import OrderDetailPage from './order-detail-page';

const detail = (over: Partial<OrderDetail>): OrderDetail =>
  makeOrderDetail(1, { user_name: 'a_main', warehouse_types: [1], item_count: 0, total_quantity: 0, ...over });

const server = stubServerPerTest();
notesPerTest();

function renderWith(data: OrderDetail) {
  server.use(orderHandlers([], { detail: () => data }));
  renderRoutes([{ path: '/profile/myorder/detail', element: <OrderDetailPage /> }], ['/profile/myorder/detail?id=1']);
}

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

  it('lists the order facts, a time only once it happened', async () => {
    renderWith(detail({ completed_at: '2026-11-25 10:00:00', item_count: 2, total_quantity: 3 }));
    const facts = (await screen.findByText('下单人')).closest('dl')!;
    const fact = (label: string) => within(facts).queryByText(label)?.nextElementSibling?.textContent;
    expect(fact('下单人')).toBe('a_main');
    expect(fact('订单金额')).toBe('¥120.50');
    expect(fact('商品')).toBe('2 种 3 件');
    expect(fact('完成时间')).toBe('2026-11-25 10:00:00');
    expect(within(facts).queryByText('取消时间')).toBeNull();
  });
});
