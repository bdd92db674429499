import type { AdminOrderDetail, AdminOrderSummary } from '@shop/core/api/admin';

/** Orders as the admin API answers them, for the back office's tests. */
export function orderSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 1,
    orders_no: 'SO202611260001',
    company_id: 7,
    company_name: '广州骏达汽配贸易有限公司',
    account_name: 'dealer_a',
    status: 'pending_shipment',
    status_cn: '待发货',
    total_amount: '1280.50',
    voucher_amount: '0.00',
    frey_coin_amount: '0.00',
    pay_amount: '1280.50',
    created_at: '2026-11-26 09:30:00',
    cancel_reason: '',
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    order: orderSummary(),
    items: [
      {
        product_id: 11,
        frey_no: 'FR-0011',
        l_name_zh: '机油滤清器',
        warehouse_id: 1,
        price: '40.25',
        quantity: 4,
        shipped_quantity: 1,
        returned_quantity: 0,
      },
      {
        product_id: 12,
        frey_no: 'FR-0012',
        l_name_zh: '空气滤清器',
        warehouse_id: 1,
        price: '60.00',
        quantity: 2,
        shipped_quantity: 0,
        returned_quantity: 0,
      },
      {
        product_id: 13,
        frey_no: 'FR-0013',
        l_name_zh: '刹车片',
        warehouse_id: 2,
        price: '300.00',
        quantity: 3,
        shipped_quantity: 0,
        returned_quantity: 0,
      },
    ],
    deliveries: [],
    returns: [],
    ...overrides,
  };
}
