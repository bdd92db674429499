import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { orderSummary } from '../../test/orders-fixtures';
import { firstPage, lastQueryIs, listPage, renderApp, searchBy, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['customer_service']);

/** The orders list opened at `path`, the server having no orders. */
async function openEmptyList(path: string) {
  server.use({ 'GET /api/admin/auth/me': me, 'GET /api/admin/orders': () => firstPage([]) });
  const opened = renderApp(path);
  await screen.findByText('暂无符合条件的订单');
  return opened;
}

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
    const { router } = await openEmptyList('/orders');
    searchBy('配件名称 / 编号 / OE 号', ' 刹车片 ');
    await waitFor(() => expect(where(router)).toBe(`/orders?part=${encodeURIComponent('刹车片')}`));
    await lastQueryIs(server, 'GET /api/admin/orders', { part: '刹车片', page: '1', limit: '20' });
  });

  it('ignores a malformed company number in the address instead of sending it', async () => {
    await openEmptyList('/orders?company_id=abc%00&page=-4');
    expect(server.callsTo('GET /api/admin/orders')[0]?.query).toEqual({ page: '1', limit: '20' });
  });

  it('shows a filter the address holds but the list is not filtered by as empty, not as its raw text', async () => {
    const { router } = await openEmptyList(
      '/orders?status=bogus&company_id=abc&start_date=2026-02-30&end_date=2026-11-26',
    );
    expect(server.callsTo('GET /api/admin/orders')[0]?.query).toEqual({
      end_date: '2026-11-26',
      page: '1',
      limit: '20',
    });
    expect(screen.queryByText('bogus')).toBeNull();
    expect(screen.getByText('全部状态')).toBeTruthy();
    expect(screen.getByPlaceholderText<HTMLInputElement>('如 1').value).toBe('');
    const [start, end] = screen.getAllByRole<HTMLInputElement>('textbox').filter((i) => /日期/.test(i.placeholder));
    expect([start?.value, end?.value]).toEqual(['', '2026-11-26']);
    // 查询 then writes back what the list is filtered by, not the unknown values.
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(where(router)).toBe('/orders?end_date=2026-11-26'));
  });

  it('shows a known status of the address by its text', async () => {
    await openEmptyList('/orders?status=shipped');
    expect(screen.getAllByText('已发货')).not.toHaveLength(0);
    expect(screen.queryByText('全部状态')).toBeNull();
  });

  it('goes to the last page in place of a page past the end', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders': (call) =>
        Number(call.query.page) > 3
          ? listPage([], { total: 41, page: Number(call.query.page) })
          : listPage([orderSummary()], { total: 41, page: Number(call.query.page) }),
    });
    const { router } = renderApp('/orders?status=shipped&page=999');
    expect(await screen.findByText('SO202611260001')).toBeTruthy();
    expect(where(router)).toBe('/orders?status=shipped&page=3');
    expect(server.callsTo('GET /api/admin/orders').map((c) => c.query.page)).toEqual(['999', '3']);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('an order that failed to load offers a retry', async () => {
    let fail = true;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/orders/SO999999': () =>
        fail ? reply.serverError('数据库繁忙') : reply.refused('订单不存在：SO999999'),
    });
    renderApp('/orders/SO999999');
    expect(await screen.findByText('数据库繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('订单不存在：SO999999')).toBeTruthy();
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
