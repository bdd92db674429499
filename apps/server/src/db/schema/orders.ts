import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idRef, moment, money, writtenAt } from './columns';
import { products, warehouseRef } from './catalog';
import { companyRef, ownerColumns } from './owner-columns';

/** The order a row belongs to; the row goes with the order. */
const orderRef = () => idRef(() => orders.id, { onDelete: 'cascade' });

/**
 * Orders and their lines. The catalog issue needs them for purchase records, 'bought' tags and
 * hot sales; the cart-and-orders issue extends them (addresses, delivery, returns, idempotency).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    /** Order number shown to the user. */
    ordersNo: text().notNull(),
    /** Order status key; its Chinese text is status_cn. */
    status: text().notNull(),
    totalAmount: money().notNull(),
    /** The voucher's deduction (module coupon; total_amount stays the lines' sum). */
    voucherAmount: money().notNull().default('0'),
    createdAt: writtenAt(),
    /** Address snapshots taken at placement (later edits of the address book do not change them). */
    address: jsonb().$type<OrderAddressSnapshot>(),
    /** Beijing lines' address when the order has both warehouses (other_address_id). */
    otherAddress: jsonb().$type<OrderAddressSnapshot>(),
    remark: text().notNull().default(''),
    beijingRemark: text().notNull().default(''),
    /** 1 when the lines come from both warehouses (shipped separately). */
    isSplit: smallint().notNull().default(0),
    /** Idempotency-Key header (or idempotency_key field) of the submit that placed it. */
    idempotencyKey: text(),
    /** The sorted cart line ids it consumed: a repeated submit of the same lines finds it. */
    cartKey: text(),
    cancelReason: text().notNull().default(''),
    updatedAt: writtenAt(),
    cancelledAt: moment(),
    shippedAt: moment(),
    completedAt: moment(),
  },
  (t) => [
    uniqueIndex('orders_no_key').on(t.ordersNo),
    index('orders_company_time_idx').on(t.companyId, t.createdAt),
    uniqueIndex('orders_idempotency_key').on(t.companyId, t.idempotencyKey),
    uniqueIndex('orders_cart_key').on(t.companyId, t.cartKey),
    index('orders_company_status_idx').on(t.companyId, t.status, t.createdAt),
    // The back office's dashboard: the orders of a day or month (all companies), and those to ship.
    index('orders_time_idx').on(t.createdAt),
    index('orders_to_ship_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending_shipment', 'partially_shipped')`),
  ],
);

export interface OrderAddressSnapshot {
  address_id: number;
  contacts: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  street: string;
}

/** Sequence behind the readable order numbers (SO + yyyymmdd + 7 digits). */
export const orderNoSeq = pgSequence('order_no_seq', { startWith: 1 });
/** Sequence behind delivery (FH…) and return (TH…) numbers. */
export const documentNoSeq = pgSequence('document_no_seq', { startWith: 1 });

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: orderRef(),
    /** Denormalised from the order so purchase records and hot sales need no join. */
    companyId: companyRef(),
    productId: idRef(() => products.id),
    warehouseId: warehouseRef(),
    quantity: integer().notNull(),
    price: money().notNull(),
    createdAt: writtenAt(),
    /** Units packed into deliveries so far. */
    shippedQuantity: integer().notNull().default(0),
    /** Units returned (accepted returns). */
    returnedQuantity: integer().notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_company_product_idx').on(t.companyId, t.productId, t.createdAt),
    index('order_items_product_time_idx').on(t.productId, t.createdAt),
  ],
);

/**
 * Lines of an order that could not be supplied in full (return_data). order_type 1 缺货: nothing
 * supplied; 2 库存不足: part supplied (the supplied part is an order item).
 */
export const orderLackItems = pgTable(
  'order_lack_items',
  {
    id: serial().primaryKey(),
    orderId: orderRef(),
    companyId: companyRef(),
    productId: idRef(() => products.id),
    warehouseId: warehouseRef(),
    orderType: smallint().notNull(),
    /** Asked for, supplied, not supplied. */
    quantity: integer().notNull(),
    suppliedQuantity: integer().notNull(),
    lackQuantity: integer().notNull(),
    price: money().notNull(),
    createdAt: writtenAt(),
  },
  (t) => [
    index('order_lack_items_order_idx').on(t.orderId),
    check('order_lack_items_type_check', sql`${t.orderType} in (1, 2)`),
  ],
);

/** A package shipment of an order from one warehouse (staff ship it; the customer confirms receipt). */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial().primaryKey(),
    orderId: orderRef(),
    companyId: companyRef(),
    deliveryNo: text().notNull(),
    warehouseId: warehouseRef(),
    carrier: text().notNull(),
    trackingNo: text().notNull(),
    packages: integer().notNull().default(1),
    /** shipped (运输中) → received (已签收). */
    status: text().notNull().default('shipped'),
    address: jsonb().$type<OrderAddressSnapshot>(),
    shippedAt: writtenAt(),
    receivedAt: moment(),
  },
  (t) => [
    uniqueIndex('deliveries_no_key').on(t.deliveryNo),
    index('deliveries_order_idx').on(t.orderId),
    index('deliveries_company_idx').on(t.companyId, t.shippedAt),
  ],
);

/** The columns of a line taken from an order line: a package's (delivery_items) or a return's. */
const orderLineColumns = () => ({
  orderItemId: idRef(() => orderItems.id, { onDelete: 'cascade' }),
  companyId: companyRef(),
  productId: idRef(() => products.id),
  quantity: integer().notNull(),
});

export const deliveryItems = pgTable(
  'delivery_items',
  {
    id: serial().primaryKey(),
    deliveryId: idRef(() => deliveries.id, { onDelete: 'cascade' }),
    ...orderLineColumns(),
  },
  (t) => [index('delivery_items_delivery_idx').on(t.deliveryId)],
);

/** A picture of a dealer's return request, stored under the uploads folder. */
export interface ReturnPicture {
  path: string;
  mime: string;
  name: string;
  size: number;
}

/** A purchase return: pending_review → accepted | refused; accepted → completed (goods back, credited). */
export const returnOrders = pgTable(
  'return_orders',
  {
    id: serial().primaryKey(),
    ...ownerColumns(),
    orderId: orderRef(),
    returnNo: text().notNull(),
    status: text().notNull().default('pending_review'),
    reason: text().notNull().default(''),
    staffNote: text().notNull().default(''),
    totalAmount: money().notNull(),
    createdAt: writtenAt(),
    reviewedAt: moment(),
    completedAt: moment(),
    /** 'staff' (customer service recorded it) or 'dealer' (the dealer asked from the order's detail). */
    source: text().notNull().default('staff'),
    /** The dealer's pictures: paths below the uploads folder with their type, name and size. */
    pictures: jsonb().$type<ReturnPicture[]>().notNull().default([]),
    /** A dealer's request key (one per opened dialog): a double submit answers the first request. */
    requestKey: text(),
  },
  (t) => [
    uniqueIndex('return_orders_no_key').on(t.returnNo),
    index('return_orders_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('return_orders_request_key').on(t.companyId, t.requestKey),
  ],
);

export const returnOrderItems = pgTable(
  'return_order_items',
  {
    id: serial().primaryKey(),
    returnOrderId: idRef(() => returnOrders.id, { onDelete: 'cascade' }),
    ...orderLineColumns(),
    price: money().notNull(),
  },
  (t) => [index('return_order_items_return_idx').on(t.returnOrderId)],
);
