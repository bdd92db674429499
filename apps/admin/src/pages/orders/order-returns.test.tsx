import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { orderDetail } from '../../test/orders-fixtures';
import { renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const PATH = '/orders/SO202611260001';
const DETAIL = 'GET /api/admin/orders/SO202611260001';

const withReturnsAndDelivery = () =>
  orderDetail({
    deliveries: [
      { delivery_no: 'FH1', warehouse_id: 1, carrier: '顺丰速运', tracking_no: 'SF1', packages: 1, status: 'shipped' },
    ],
    returns: [
      { return_no: 'TH1', status: 'pending_review', reason: '发错货', staff_note: '', total_amount: '40.25' },
      { return_no: 'TH2', status: 'accepted', reason: '质量问题', staff_note: '', total_amount: '60.00' },
    ],
  });

describe('deliveries and returns on the order detail', () => {
  it('refuses a return with a reason, sent once', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: withReturnsAndDelivery,
      'POST /api/admin/returns/TH1/refuse': () => null,
    });
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确认拒绝/ });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: ' 已超过退货期 ' } });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/admin/returns/TH1/refuse').map((c) => c.body)).toEqual([{ note: '已超过退货期' }]);
    expect(await screen.findByText('已拒绝退货')).toBeTruthy();
  });

  it('accepts a return, confirms goods received and a delivery signed for, each after a confirmation', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [DETAIL]: withReturnsAndDelivery,
      'POST /api/admin/returns/TH1/accept': () => null,
      'POST /api/admin/returns/TH2/complete': () => null,
      'POST /api/admin/deliveries/FH1/deliver': () => null,
    });
    renderApp(PATH);
    // Opens the action's confirmation (found by its question) and confirms it.
    const confirm = async (button: string, question: string) => {
      fireEvent.click(await screen.findByRole('button', { name: button }));
      const popover = (await screen.findByText(question)).closest('.ant-popover');
      fireEvent.click(popover!.querySelector('.ant-btn-primary')!);
    };
    await confirm('同意', '同意此退货？');
    await waitFor(() => expect(server.callsTo('POST /api/admin/returns/TH1/accept')).toHaveLength(1));
    await confirm('确认收货', '确认已收到退回的货物？库存将退回。');
    await waitFor(() => expect(server.callsTo('POST /api/admin/returns/TH2/complete')).toHaveLength(1));
    await confirm('签收', '确认此包裹已签收？');
    await waitFor(() => expect(server.callsTo('POST /api/admin/deliveries/FH1/deliver')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/returns/TH1/accept')[0]?.body).toEqual({ note: '' });
  });

  it('shows finance the returns and deliveries without the actions', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['finance']), [DETAIL]: withReturnsAndDelivery });
    renderApp(PATH);
    expect(await screen.findByText('发错货')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
    expect(screen.queryByRole('button', { name: '签收' })).toBeNull();
  });
});
