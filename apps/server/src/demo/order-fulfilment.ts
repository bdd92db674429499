import { sql } from 'drizzle-orm';
import type { Executor } from './bulk-insert';

/**
 * What happened to the demo orders after they were placed (docs/orders.md): shipped and completed
 * orders get their packages (one delivery per warehouse, carrier and tracking number; received
 * when the order is completed), cancelled orders their cancel time, and each company's latest
 * completed order a purchase return waiting for review. Deterministic: everything follows from
 * the order ids and dates the activity step made.
 */
export async function insertDemoFulfilment(db: Executor): Promise<void> {
  // Fresh demo data numbers its documents from 1 (a reset keeps sequences that no table owns).
  await db.execute(sql`select setval('document_no_seq', 1, false) where not exists (select 1 from deliveries)`);
  await db.execute(sql`
    insert into deliveries (order_id, company_id, delivery_no, warehouse_id, carrier, tracking_no, packages, status,
      shipped_at, received_at)
    select o.id, o.company_id,
      'FH' || to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('document_no_seq')::text, 6, '0'),
      w.warehouse_id,
      (array['顺丰速运', '德邦快递', '京东物流', '中通快运'])[1 + (o.id + w.warehouse_id) % 4],
      (array['SF', 'DPK', 'JDV', 'ZTO'])[1 + (o.id + w.warehouse_id) % 4] || lpad((o.id * 7919 + w.warehouse_id)::text, 10, '0'),
      1 + (o.id + w.warehouse_id) % 3,
      case when o.status = 'completed' then 'received' else 'shipped' end,
      o.created_at + interval '20 hours',
      case when o.status = 'completed' then o.created_at + interval '3 days' end
    from orders o
    join (select distinct order_id, warehouse_id from order_items) w on w.order_id = o.id
    where o.status in ('shipped', 'completed')
      and not exists (select 1 from deliveries d where d.order_id = o.id)
    order by o.id, w.warehouse_id`);
  await db.execute(sql`
    insert into delivery_items (delivery_id, order_item_id, company_id, product_id, quantity)
    select d.id, i.id, i.company_id, i.product_id, i.quantity
    from deliveries d join order_items i on i.order_id = d.order_id and i.warehouse_id = d.warehouse_id
    where not exists (select 1 from delivery_items x where x.delivery_id = d.id)
    order by d.id, i.id`);
  await db.execute(sql`
    update order_items i set shipped_quantity = i.quantity
    where exists (select 1 from delivery_items di where di.order_item_id = i.id)`);
  await db.execute(sql`
    update orders o set shipped_at = o.created_at + interval '20 hours',
      completed_at = case when o.status = 'completed' then o.created_at + interval '3 days' end,
      updated_at = o.created_at + interval '3 days'
    where o.status in ('shipped', 'completed')`);
  await db.execute(sql`
    update orders o set cancelled_at = o.created_at + interval '1 hour', updated_at = o.created_at + interval '1 hour',
      cancel_reason = '下错单'
    where o.status = 'cancelled'`);
  await db.execute(sql`
    with latest as (
      select distinct on (o.company_id) o.id, o.company_id, o.account_id, o.created_at
      from orders o where o.status = 'completed' order by o.company_id, o.created_at desc, o.id desc
    ),
    r as (
      insert into return_orders (company_id, account_id, order_id, return_no, status, reason, total_amount, created_at)
      select l.company_id, l.account_id, l.id,
        'TH' || to_char((l.created_at + interval '5 days') at time zone 'Asia/Shanghai', 'YYYYMMDD')
          || lpad(nextval('document_no_seq')::text, 6, '0'),
        'pending_review', '包装破损', (select i.price from order_items i where i.order_id = l.id order by i.id limit 1),
        l.created_at + interval '5 days'
      from latest l order by l.company_id
      returning id, order_id, company_id
    )
    insert into return_order_items (return_order_id, order_item_id, company_id, product_id, quantity, price)
    select r.id, i.id, r.company_id, i.product_id, 1, i.price
    from r join lateral (select * from order_items i where i.order_id = r.order_id order by i.id limit 1) i on true`);
}
