import { Tag } from 'antd';

/** Tag colours of order, delivery and return states. */
const COLORS: Record<string, string> = {
  pending_payment: 'default',
  pending_shipment: 'orange',
  partially_shipped: 'gold',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'default',
  received: 'green',
  pending_review: 'orange',
  accepted: 'blue',
  refused: 'red',
};

/** An order's, a delivery's or a return's state (`status`) in its words (`text`) and colour. */
export function StatusTag({ status, text }: { status: string; text: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{text}</Tag>;
}
