import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import type { ShipRequest } from '@shop/core/api/admin';
import { orderDetail } from '../../test/orders-fixtures';
import { renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const PATH = '/orders/SO202611260001';
const DETAIL = 'GET /api/admin/orders/SO202611260001';
const SHIP = 'POST /api/admin/orders/SO202611260001/ship';

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: '发货' }));
  return screen.findByRole('dialog');
}

function fill(dialog: HTMLElement, carrier: string, tracking: string) {
  fireEvent.change(within(dialog).getByPlaceholderText('如 顺丰速运'), { target: { value: carrier } });
  fireEvent.change(within(dialog).getByPlaceholderText('运单号'), { target: { value: tracking } });
}

describe('the ship dialog', () => {
  it("ships the chosen units of one warehouse's lines once, however often the button is clicked", async () => {
    let answer: (v: unknown) => void = () => {};
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () => orderDetail(),
      [SHIP]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp(PATH);
    const dialog = await openDialog();
    // Guangzhou first: its two lines with what is left of each.
    expect(within(dialog).getByText('FR-0011')).toBeTruthy();
    expect(within(dialog).queryByText('FR-0013')).toBeNull();
    fill(dialog, ' 顺丰速运 ', 'SF1234567890');
    fireEvent.change(within(dialog).getByLabelText('FR-0012 本次发货数量'), { target: { value: '1' } });
    const ok = within(dialog).getByRole('button', { name: /确认发货/ });
    // A double click: the second comes while the form is still being checked.
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.callsTo(SHIP)).toHaveLength(1));
    fireEvent.click(ok);
    fireEvent.click(ok);
    answer({ delivery_nos: ['DN1'], status: 'partially_shipped' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(SHIP)).toHaveLength(1);
    expect(server.callsTo(SHIP)[0]?.body as ShipRequest).toEqual({
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      packages: 1,
      warehouse: 1,
      items: [
        { product_id: 11, quantity: 3 },
        { product_id: 12, quantity: 1 },
      ],
    });
    // The detail is asked again after the shipment.
    await waitFor(() => expect(server.callsTo(DETAIL).length).toBeGreaterThan(1));
  });

  it("switches to the other warehouse's lines", async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () => orderDetail(),
      [SHIP]: () => ({ delivery_nos: ['DN2'], status: 'partially_shipped' }),
    });
    renderApp(PATH);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '北京仓' }));
    expect(await within(dialog).findByText('FR-0013')).toBeTruthy();
    fill(dialog, '德邦', 'DB-1');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    await waitFor(() => expect(server.callsTo(SHIP)).toHaveLength(1));
    expect(server.callsTo(SHIP)[0]?.body).toMatchObject({ warehouse: 2, items: [{ product_id: 13, quantity: 3 }] });
  });

  it('asks for the carrier and tracking number, and for at least one unit, before sending', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['customer_service']), [DETAIL]: () => orderDetail() });
    renderApp(PATH);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await within(dialog).findByText('请填写承运商')).toBeTruthy();
    expect(within(dialog).getByText('请填写运单号')).toBeTruthy();
    fill(dialog, '顺丰速运', 'SF1');
    fireEvent.change(within(dialog).getByLabelText('FR-0011 本次发货数量'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('FR-0012 本次发货数量'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await within(dialog).findByText('请至少发出一件商品')).toBeTruthy();
    expect(server.callsTo(SHIP)).toHaveLength(0);
  });

  it("shows the server's refusal once and keeps the dialog open", async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: () => orderDetail(),
      [SHIP]: () => reply.refused('订单已取消，不能发货'),
    });
    renderApp(PATH);
    const dialog = await openDialog();
    fill(dialog, '顺丰速运', 'SF2');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await screen.findAllByText('订单已取消，不能发货')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no ship button to a role that may only read orders', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['finance']), [DETAIL]: () => orderDetail() });
    renderApp(PATH);
    expect(await screen.findByText('机油滤清器')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发货' })).toBeNull();
  });
});
