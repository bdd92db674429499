import { describe, expect, it } from 'vitest';
import { AddOrderRequest, PurchaseListRequest } from './api/orders';
import { isOrderCancellable, LACK_TYPE_TEXT, mayCancelOrder, ORDER_STATUS_TABS, orderStatusText } from './order-status';

describe('order states', () => {
  it('names every state in Chinese and passes unknown keys through', () => {
    expect(orderStatusText('pending_shipment')).toBe('待发货');
    expect(orderStatusText('partially_shipped')).toBe('部分发货');
    expect(orderStatusText('something_new')).toBe('something_new');
    expect(LACK_TYPE_TEXT).toEqual({ 1: '缺货', 2: '库存不足' });
    expect(ORDER_STATUS_TABS[0]).toEqual({ key: '', label: '全部订单' });
    expect(ORDER_STATUS_TABS.map((tab) => tab.label)).toEqual([
      '全部订单',
      '待特批',
      '待发货',
      '部分发货',
      '已发货',
      '已完成',
      '已取消',
    ]);
  });

  it('lets the customer cancel only before anything has shipped', () => {
    expect(['pending_payment', 'pending_shipment'].every(isOrderCancellable)).toBe(true);
    expect(['partially_shipped', 'shipped', 'completed', 'cancelled'].some(isOrderCancellable)).toBe(false);
  });

  it('lets the account that placed an order and the main account cancel it; a sub-account only its own', () => {
    const placedBySub = { accountId: 7, status: 'pending_shipment' };
    const placedByMain = { accountId: 1, status: 'pending_shipment' };
    const main = { accountId: 1, isMain: true };
    const sub = { accountId: 7, isMain: false };
    const otherSub = { accountId: 8, isMain: false };
    expect(mayCancelOrder(sub, placedBySub)).toBe(true);
    expect(mayCancelOrder(main, placedBySub)).toBe(true);
    expect(mayCancelOrder(main, placedByMain)).toBe(true);
    expect(mayCancelOrder(sub, placedByMain)).toBe(false);
    expect(mayCancelOrder(otherSub, placedBySub)).toBe(false);
    // The status still decides first.
    expect(mayCancelOrder(main, { accountId: 1, status: 'shipped' })).toBe(false);
    expect(mayCancelOrder(sub, { accountId: 7, status: 'completed' })).toBe(false);
  });
});

describe('order contracts', () => {
  it('reads the add payload from JSON and from a form (cart as a JSON string, empty ids as absent)', () => {
    const form = AddOrderRequest.parse({
      cart: '[{"cart_id":"3","product_id":"9","cart_number":"2","warehouse_type":"2"}]',
      pd_cart_ids: '3',
      address_id: '',
      other_address_id: '12',
      frey_coin: '0',
      voucher_orders_id: 0,
    });
    expect(form.cart).toEqual([{ cart_id: 3, product_id: 9, cart_number: 2, warehouse_type: 2 }]);
    expect(form.address_id).toBeUndefined();
    expect(form.other_address_id).toBe(12);
    expect(form.voucher_orders_id).toBe('0');
    expect(AddOrderRequest.safeParse({ remark: '很'.repeat(201) }).error?.issues[0]?.message).toBe(
      '备注不能超过 200 个字',
    );
  });

  it('checks list filters: dates as yyyy-mm-dd, page sizes of the pagination bar', () => {
    expect(PurchaseListRequest.parse({ page: 0, limit: 20 })).toMatchObject({ page: 1, limit: 20, status: '' });
    expect(PurchaseListRequest.safeParse({ start_date: '2026/11/01' }).success).toBe(false);
    expect(PurchaseListRequest.safeParse({ limit: 30 }).success).toBe(false);
  });
});
