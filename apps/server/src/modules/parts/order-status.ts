/**
 * Order status keys (orders.status) and their Chinese texts (status_cn). The cart-and-orders
 * issue owns the order flow; purchase records and the demo data only read these.
 */
export const ORDER_STATUS_TEXT = {
  pending_payment: '待付款',
  pending_shipment: '待发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_TEXT;

export function orderStatusText(status: string): string {
  return (ORDER_STATUS_TEXT as Record<string, string>)[status] ?? status;
}
