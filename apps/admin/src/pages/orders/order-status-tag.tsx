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

export function statusColor(status: string): string {
  return COLORS[status] ?? 'default';
}
