import { publish, type Executor } from '../../lib/events';

export type { Executor } from '../../lib/events';

/**
 * The order events (docs/orders.md, 'Events and notifications'): what the order services publish
 * into the outbox in the transaction of each change, and the text of the message each becomes
 * (the message centre's subscriber writes it: modules/messages/subscribers.ts). Every event names
 * the company and the account that placed the order.
 */
interface OrderRef {
  companyId: number;
  accountId: number;
  orderId: number;
  ordersNo: string;
}
interface ReturnRef extends OrderRef {
  returnId: number;
  returnNo: string;
}

export type OrderEvent =
  | (OrderRef & {
      type: 'order.placed';
      /** Lines supplied, lines short of stock, the amount (text, 2 decimals). */
      supplied: number;
      lacking: number;
      total: string;
    })
  | (OrderRef & { type: 'order.cancelled'; reason: string })
  | (OrderRef & {
      type: 'order.shipped';
      status: 'shipped' | 'partially_shipped';
      carrier: string;
      trackingNo: string;
      packages: number;
      deliveryNos: string[];
    })
  | (OrderRef & { type: 'order.delivery_received'; deliveryNos: string[] })
  | (OrderRef & { type: 'order.completed' })
  | (ReturnRef & { type: 'return.requested'; by: 'dealer' | 'staff' })
  | (ReturnRef & { type: 'return.accepted' | 'return.refused' | 'return.completed'; note: string });

export type OrderEventType = OrderEvent['type'];

/** Publishes order events in the caller's transaction. */
export function publishOrderEvent(tx: Executor, ...events: OrderEvent[]): Promise<void> {
  return publish(tx, ...events);
}

export type NotificationKind =
  | 'order_placed'
  | 'order_cancelled'
  | 'order_shipped'
  | 'order_completed'
  | 'delivery_received'
  | 'return_created'
  | 'return_accepted'
  | 'return_refused'
  | 'return_completed';

export interface NotificationMessage {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

const orderLink = (e: OrderRef) => `/profile/myorder/detail?id=${e.orderId}`;
const returnLink = (e: ReturnRef) => `/profile/return_orders_detail?id=${e.returnId}`;

/** The account's message for each order event type (one function per type). */
const MESSAGES: { [T in OrderEventType]: (e: Extract<OrderEvent, { type: T }>) => NotificationMessage } = {
  'order.placed': (e) => ({
    kind: 'order_placed',
    title: '订单已提交',
    body: `订单 ${e.ordersNo} 已提交，共 ${e.supplied} 种商品，金额 ¥${e.total}${e.lacking > 0 ? `；${e.lacking} 种商品库存不足` : ''}。`,
    link: orderLink(e),
  }),
  'order.cancelled': (e) => ({
    kind: 'order_cancelled',
    title: '订单已取消',
    body: `订单 ${e.ordersNo} 已取消${e.reason ? `，原因：${e.reason}` : ''}。`,
    link: orderLink(e),
  }),
  'order.shipped': (e) => ({
    kind: 'order_shipped',
    title: e.status === 'shipped' ? '订单已发货' : '订单部分发货',
    body: `订单 ${e.ordersNo} 已发货（${e.carrier} ${e.trackingNo}，${e.packages} 件包裹）。`,
    link: orderLink(e),
  }),
  'order.delivery_received': (e) => ({
    kind: 'delivery_received',
    title: '包裹已签收',
    body: `订单 ${e.ordersNo} 的包裹 ${e.deliveryNos.join('、')} 已签收。`,
    link: orderLink(e),
  }),
  'order.completed': (e) => ({
    kind: 'order_completed',
    title: '订单已完成',
    body: `订单 ${e.ordersNo} 的商品已全部签收，订单已完成。`,
    link: orderLink(e),
  }),
  'return.requested': (e) => ({
    kind: 'return_created',
    title: '退货申请已提交',
    body: `订单 ${e.ordersNo} 的退货申请 ${e.returnNo} 已提交，等待审核。`,
    link: returnLink(e),
  }),
  'return.accepted': (e) => returnReviewed(e, 'return_accepted', '退货申请已同意'),
  'return.refused': (e) => returnReviewed(e, 'return_refused', '退货申请被拒绝'),
  'return.completed': (e) => returnReviewed(e, 'return_completed', '退货已完成'),
};

function returnReviewed(e: ReturnRef & { note: string }, kind: NotificationKind, title: string): NotificationMessage {
  return { kind, title, body: `退货单 ${e.returnNo}：${title}${e.note ? `（${e.note}）` : ''}。`, link: returnLink(e) };
}

export const ORDER_EVENT_TYPES = Object.keys(MESSAGES) as OrderEventType[];

/** The message an order event makes for its account. */
export function notificationFor(event: OrderEvent): NotificationMessage {
  return (MESSAGES[event.type] as (e: OrderEvent) => NotificationMessage)(event);
}
