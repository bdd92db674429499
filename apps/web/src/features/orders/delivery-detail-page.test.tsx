import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeliveryDetail } from '@shop/core/api/orders';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import DeliveryDetailPage from './delivery-detail-page';

const delivery: DeliveryDetail = {
  delivery_id: 5,
  delivery_no: 'FH2026112500005',
  orders_id: 1,
  orders_no: 'SO2026112200000001',
  warehouse_type: 1,
  carrier: '顺丰速运',
  tracking_no: 'SF1234567890',
  packages: 2,
  status: 'shipped',
  status_cn: '已发货',
  shipped_at: '2026-11-25 09:00:00',
  received_at: '',
  item_count: 1,
  total_quantity: 3,
  address: null,
  items: [{ product_id: 101, frey_no: 'FR-1', number: 'OE 1', l_name_zh: '配件1', pic: '', quantity: 3 }],
};

const server = stubServerPerTest(() => ({
  'GET /api/Shop.Order/getDeliveryDetail': ({ query }) =>
    Number(query.delivery_id) === delivery.delivery_id ? delivery : reply.refused('发货单不存在'),
  'GET /api/Shop.Order/packaReceipt': () => reply.ok(null, '已确认收货'),
}));
notesPerTest();

const renderAt = (id: number) =>
  renderRoutes(
    [{ path: '/profile/myorder/delivery_detail', element: <DeliveryDetailPage /> }],
    [`/profile/myorder/delivery_detail?id=${id}`],
  );

describe('delivery detail', { timeout: 20_000 }, () => {
  it('lists the shipment facts and its lines; 确认收货 asks first, then receives the package', async () => {
    renderAt(5);
    const facts = (await screen.findByText('承运商')).closest('dl')!;
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(fact('运单号')).toBe('SF1234567890');
    expect(fact('包裹数')).toBe('2');
    expect(within(facts).queryByText('签收时间')).toBeNull();
    expect(screen.getByText('配件1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '确认收货' }));
    expect(await screen.findByText('确认已收到该包裹吗？')).toBeTruthy();
    expect(server.callsTo('GET /api/Shop.Order/packaReceipt')).toHaveLength(0);
    const ok = screen.getAllByRole('button', { name: '确认收货' }).at(-1)!;
    fireEvent.click(ok);
    await waitFor(() =>
      expect(server.callsTo('GET /api/Shop.Order/packaReceipt')[0]?.query).toEqual({ delivery_id: '5' }),
    );
  });

  it('says a delivery that is not there is missing', async () => {
    renderAt(6);
    expect(await screen.findByText('发货单不存在')).toBeTruthy();
  });
});
