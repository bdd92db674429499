/**
 * Order status keys (orders.status) and their Chinese texts (status_cn): defined once in core
 * (the orders module and the web share them); purchase records and the demo data only read them.
 */
export { ORDER_STATUS_TEXT, orderStatusText, type OrderStatus } from '@shop/core/order-status';
