import { labelKeys, labelLookup } from './labels';

/**
 * Order, delivery and return states and their Chinese texts (docs/orders.md). The server stores
 * the keys; the web shows the texts. One place for both sides.
 */
export const ORDER_STATUS_TEXT = {
  /** Legacy state of imported orders (accounts settle by statement; new orders never wait for payment). */
  pending_payment: '待付款',
  /** Past the credit limit, sent for special approval: finance staff approve (→ 待发货) or refuse (→ 已取消). */
  pending_approval: '待特批',
  pending_shipment: '待发货',
  partially_shipped: '部分发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_TEXT;
export const ORDER_STATUSES = labelKeys(ORDER_STATUS_TEXT);
export const orderStatusText = labelLookup(ORDER_STATUS_TEXT);

/** The customer may cancel only before anything has left the warehouse. */
export const CANCELLABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'pending_payment',
  'pending_approval',
  'pending_shipment',
];

export function isOrderCancellable(status: string): boolean {
  return (CANCELLABLE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Who is asking to act on an order: the account and whether it is its company's main account. */
export interface OrderActor {
  accountId: number;
  isMain: boolean;
}

/**
 * Who may cancel an order (decision 0024): the account that placed it and the company's main
 * account; a sub-account only its own orders. And only while the status allows it.
 */
export function mayCancelOrder(actor: OrderActor, order: { accountId: number; status: string }): boolean {
  return isOrderCancellable(order.status) && (actor.isMain || actor.accountId === order.accountId);
}

/** The refusal when the status allows cancelling but the account may not. */
export const NOT_YOUR_ORDER_TO_CANCEL_TEXT = '子账号只能取消自己下的订单，请联系主账号或下单人';

/** Status tabs of the order list (key '' = all): every status but the legacy 待付款, named as above. */
export const ORDER_STATUS_TABS: { key: '' | OrderStatus; label: string }[] = [
  { key: '', label: '全部订单' },
  ...ORDER_STATUSES.filter((key) => key !== 'pending_payment').map((key) => ({ key, label: ORDER_STATUS_TEXT[key] })),
];

export const DELIVERY_STATUS_TEXT = {
  shipped: '运输中',
  received: '已签收',
} as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_TEXT;
export const deliveryStatusText = labelLookup(DELIVERY_STATUS_TEXT);

export const RETURN_STATUS_TEXT = {
  pending_review: '待审核',
  accepted: '已同意',
  refused: '已拒绝',
  completed: '已退货',
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUS_TEXT;
export const returnStatusText = labelLookup(RETURN_STATUS_TEXT);

/**
 * Lack items of an order (return_data, order_type): 1 = 缺货, nothing of the line could be
 * supplied; 2 = 库存不足, part of the line was supplied and the rest is short.
 */
export const LACK_TYPE = { outOfStock: 1, short: 2 } as const;
export const LACK_TYPE_TEXT: Record<1 | 2, string> = { 1: '缺货', 2: '库存不足' };
