import { sql, type SQL } from 'drizzle-orm';

/**
 * How many units of an order line can still go into a return (docs/orders.md 'Purchase
 * returns'), as SQL over an order_items alias. One place for the staff's returns, the dealer's
 * requests and the order detail's returnable_quantity.
 */
const openUnits = (i: string) => `coalesce((select sum(ri.quantity) from return_order_items ri
    join return_orders r on r.id = ri.return_order_id
    where ri.order_item_id = ${i}.id and r.status in ('pending_review', 'accepted')), 0)`;

/** Units of the order line in return orders still open (pending review or accepted). */
export function openReturnUnits(i: string): SQL {
  return sql.raw(openUnits(i));
}

/** Units the dealer may still ask to return: received (packages signed for), less returned and open requests. */
export function returnableUnits(i: string): SQL {
  return sql.raw(`greatest(0, coalesce((select sum(di.quantity) from delivery_items di
    join deliveries d on d.id = di.delivery_id
    where di.order_item_id = ${i}.id and d.status = 'received'), 0) - ${i}.returned_quantity - ${openUnits(i)})`);
}

/** The path of a return picture (needs the Authorization header). */
export function returnPictureUrl(returnId: number, index: number): string {
  return `/api/Shop.Order/returnPicture?return_id=${returnId}&index=${index}`;
}
