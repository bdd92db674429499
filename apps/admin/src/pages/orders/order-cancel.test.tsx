import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { orderDetail, orderSummary } from '../../test/orders-fixtures';
import { renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const PATH = '/orders/SO202611260001';
const DETAIL = 'GET /api/admin/orders/SO202611260001';
const CANCEL = 'POST /api/admin/orders/SO202611260001/cancel';

describe('cancelling an order from its detail', () => {
  it('asks for a reason, sends it once, and shows the cancelled order with the reason', async () => {
    let cancelled = false;
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () =>
        cancelled
          ? orderDetail({
              order: orderSummary({ status: 'cancelled', status_cn: '已取消', cancel_reason: '客户电话要求取消' }),
            })
          : orderDetail({ items: orderDetail().items.map((l) => ({ ...l, shipped_quantity: 0 })) }),
      [CANCEL]: () => {
        cancelled = true;
        return { message: '订单已取消，库存已退回；随单赠品订单 GF20261126000001 已发货，不随订单取消' };
      },
    });
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确认取消订单/ });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '   ' } });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: ' 客户电话要求取消 ' } });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(CANCEL).map((c) => c.body)).toEqual([{ reason: '客户电话要求取消' }]);
    expect(
      await screen.findByText('订单已取消，库存已退回；随单赠品订单 GF20261126000001 已发货，不随订单取消'),
    ).toBeTruthy();
    expect(await screen.findByText('客户电话要求取消')).toBeTruthy();
    expect(screen.getByText('已取消')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () => orderDetail(),
      [CANCEL]: () => reply.refused('订单已发货或已结束，不能取消'),
    });
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '缺货' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认取消订单/ }));
    expect(await screen.findAllByText('订单已发货或已结束，不能取消')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByLabelText('取消原因')).toHaveProperty('value', '缺货');
  });

  it('offers no cancel to finance, nor on a shipped order', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['finance']), [DETAIL]: () => orderDetail() });
    const first = renderApp(PATH);
    await screen.findByText('FR-0011');
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    first.unmount();
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () => orderDetail({ order: orderSummary({ status: 'shipped', status_cn: '已发货' }) }),
    });
    renderApp(PATH);
    await screen.findByText('FR-0011');
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });
});
