import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { orderSummary } from '../../test/orders-fixtures';
import { firstPage, lastQueryIs, listPage, renderApp, searchBy, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['customer_service']);

describe('the orders list', () => {
  it('asks with the filters and page of the address and shows the rows', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': () =>
        listPage(
          [
            orderSummary(),
            orderSummary({
              id: 2,
              orders_no: 'SO202611260002',
              status: 'shipped',
              status_cn: '已发货',
              total_amount: '99.00',
            }),
          ],
          { total: 41, page: 3 },
        ),
    });
    renderApp('/orders?status=shipped&company_id=7&orders_no=SO2026&start_date=2026-11-01&end_date=2026-11-26&page=3');
    expect(await screen.findByText('SO202611260002')).toBeTruthy();
    expect(screen.getByText('共 41 条')).toBeTruthy();
    expect(screen.getAllByText('广州骏达汽配贸易有限公司（7）')).toHaveLength(2);
    expect(screen.getByText('1280.50')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/orders')[0]?.query).toEqual({
      status: 'shipped',
      company_id: '7',
      orders_no: 'SO2026',
      start_date: '2026-11-01',
      end_date: '2026-11-26',
      page: '3',
      limit: '20',
    });
  });

  it('puts a new search in the address, back on page 1, and asks again', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': (call) => listPage([], { page: Number(call.query.page) }),
    });
    const { router } = renderApp('/orders?page=2');
    await screen.findByText('暂无符合条件的订单');
    searchBy('订单号（部分即可）', ' SO99 ');
    await waitFor(() => expect(where(router)).toBe('/orders?orders_no=SO99'));
    await lastQueryIs(server, 'GET /api/admin/orders', {
      orders_no: 'SO99',
      page: '1',
      limit: '20',
    });
  });

  it('filters by a part on the order', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': () => firstPage([]),
    });
    const { router } = renderApp('/orders');
    await screen.findByText('暂无符合条件的订单');
    searchBy('配件名称 / 编号 / OE 号', ' 刹车片 ');
    await waitFor(() => expect(where(router)).toBe(`/orders?part=${encodeURIComponent('刹车片')}`));
    await lastQueryIs(server, 'GET /api/admin/orders', { part: '刹车片', page: '1', limit: '20' });
  });

  it('ignores a malformed company number in the address instead of sending it', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': () => firstPage([]),
    });
    renderApp('/orders?company_id=abc%00&page=-4');
    await screen.findByText('暂无符合条件的订单');
    expect(server.callsTo('GET /api/admin/orders')[0]?.query).toEqual({ page: '1', limit: '20' });
  });

  it('shows a failure once with a retry that asks again', async () => {
    let fail = true;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': () => (fail ? reply.serverError('数据库繁忙') : firstPage([orderSummary()])),
    });
    renderApp('/orders');
    expect(await screen.findAllByText('数据库繁忙')).toHaveLength(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('SO202611260001')).toBeTruthy();
  });
});
