import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderSummary } from '@shop/core/api/orders';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import { makeOrder } from '../../test/server/factories';
import { orderHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import OrderListPage from './order-list-page';

const order = makeOrder;

const server = stubServerPerTest();
notesPerTest();

function renderPage(orders: OrderSummary[], url = '/profile/myorder') {
  server.use(
    orderHandlers(orders, {
      repurchase: { repurchaseProduct: [{ product_id: 5, warehouse_type: 2, quantity: 1 }], skipped: [] },
    }),
  );
  renderRoutes(
    [
      { path: '/profile/myorder', element: <OrderListPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    [url],
  );
}

const lists = () => server.callsTo('POST /api/Shop.Order/getPurchaseList').map((c) => c.body);

describe('order list', { timeout: 20_000 }, () => {
  it('shows the tabs with counts and filters by status', async () => {
    renderPage([
      order(1),
      order(2, { status: 'shipped', status_cn: '已发货', is_cancellable: 0, can_cancel: 0, can_receipt: 1 }),
    ]);
    expect(await screen.findByText('SO202611220000001')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部订单 (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已发货 (1)' }));
    await waitFor(() => expect(screen.queryByText('SO202611220000001')).toBeNull());
    const row = screen.getByText('SO202611220000002').closest('tr')!;
    expect(within(row).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(row).getByRole('button', { name: '确认收货' })).toBeTruthy();
    expect(lists().at(-1)).toMatchObject({
      status: 'shipped',
      page: 1,
    });
  });

  it('cancels only after the confirmation', async () => {
    renderPage([order(1)]);
    const cancels = () => server.callsTo('POST /api/Shop.Order/cancelOrder').map((c) => c.body);
    const row = (await screen.findByText('SO202611220000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '取消订单' }));
    expect(cancels()).toEqual([]);
    await screen.findByText('确定取消该订单吗？');
    const confirm = screen.getAllByRole('button', { name: '取消订单' }).find((b) => !row.contains(b))!;
    fireEvent.click(confirm);
    await waitFor(() => expect(cancels()).toEqual([{ order_id: 1 }]));
  });

  it('offers 取消订单 only on the orders this account may cancel (a sub-account on the main account’s orders: not)', async () => {
    renderPage([order(1, { user_name: 'a_main', can_cancel: 0 }), order(2, { user_name: 'a_sub', can_cancel: 1 })]);
    const mains = (await screen.findByText('SO202611220000001')).closest('tr')!;
    const own = screen.getByText('SO202611220000002').closest('tr')!;
    expect(within(mains).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(mains).getByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: '取消订单' })).toBeTruthy();
  });

  it('buys again: back to the cart with the repurchase lines', async () => {
    renderPage([order(1)]);
    const row = (await screen.findByText('SO202611220000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '再次购买' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/settlement/list|{"repurchase":[{"product_id":5,"warehouse_type":2,"quantity":1}]}',
      ),
    );
  });

  it('reads the tab, filters, page and size from the address (a reload keeps them)', async () => {
    renderPage(
      [order(2, { status: 'shipped', status_cn: '已发货' })],
      '/profile/myorder?status=shipped&orders_no=SO2&start_date=2026-11-01&end_date=2026-11-30&limit=20',
    );
    expect(await screen.findByText('SO202611220000002')).toBeTruthy();
    expect(lists().at(-1)).toMatchObject({
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

  it('applies the typed filters on 查询 (trimmed, the tab kept) and 重置 clears them', async () => {
    renderPage(
      [order(1), order(2, { status: 'shipped', status_cn: '已发货' })],
      '/profile/myorder?status=shipped&page=2',
    );
    await screen.findByText('SO202611220000002');
    fireEvent.change(screen.getByPlaceholderText('订单号'), { target: { value: ' SO2 ' } });
    fireEvent.change(screen.getByPlaceholderText('编码 / OE号 / 商品名称'), { target: { value: '刹车片' } });
    // Typing alone asks nothing.
    expect(lists().every((b) => (b as { orders_no: string }).orders_no === '')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(lists().at(-1)).toMatchObject({ status: 'shipped', orders_no: 'SO2', keyword: '刹车片', page: 1 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s?置/ }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ status: '', orders_no: '', keyword: '', page: 1 }));
    expect((screen.getByPlaceholderText('订单号') as HTMLInputElement).value).toBe('');
  });

  it('says so when there are no orders', async () => {
    renderPage([]);
    expect(await screen.findByText('暂无订单')).toBeTruthy();
  });
});
