/**
 * Staff actions on orders (docs/orders.md, 'Staff actions'), on the shop's own database:
 *
 *   npm run staff -- ship --order SO20261122000001 --carrier 顺丰 --tracking SF1234567890 [--packages 2]
 *                        [--warehouse 1|2] [--item <product_id>=<qty> ...]
 *   npm run staff -- deliver --delivery FH20261122000001
 *   npm run staff -- return --order SO20261122000001 --reason 发错货 [--item <product_id>=<qty> ...]
 *   npm run staff -- accept-return --return TH20261122000002 [--note 请寄回广州仓]
 *   npm run staff -- refuse-return --return TH20261122000002 --note 已超过退货期
 *   npm run staff -- complete-return --return TH20261122000002
 *   npm run staff -- show --order SO20261122000001
 *
 * The database is the server's: DATABASE_URL (PostgreSQL) or else the embedded one in DATA_DIR
 * (default ./data); --database-url / --data-dir override. The embedded database is a folder one
 * process opens at a time: stop the server first, or use PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@shop/server/db/client';
import { BusinessError } from '@shop/server/lib/errors';
import { createReturn, markDelivered, moveReturn, shipOrder } from '@shop/server/modules/orders/staff-service';

const USAGE = `usage: npm run staff -- <ship|deliver|return|accept-return|refuse-return|complete-return|show> [options]
  ship             --order <no> --carrier <name> --tracking <no> [--packages 1] [--warehouse 1|2] [--item <product_id>=<qty> ...]
  deliver          --delivery <no>             (the carrier reports the package received)
  return           --order <no> --reason <text> [--item <product_id>=<qty> ...]
  accept-return    --return <no> [--note <text>]
  refuse-return    --return <no> --note <text>
  complete-return  --return <no>               (goods back in the warehouse: stock returned)
  show             --order <no>                (status, lines, packages)
  common: [--database-url postgres://...] [--data-dir ./data]`;

function items(list: string[] | undefined): { productId: number; quantity: number }[] | undefined {
  if (!list || list.length === 0) return undefined;
  return list.map((text) => {
    const m = /^(\d+)=(\d+)$/.exec(text);
    if (!m || Number(m[2]) < 1) throw new Error(`--item must be <product_id>=<qty>, got '${text}'`);
    return { productId: Number(m[1]), quantity: Number(m[2]) };
  });
}

function need(value: string | undefined, name: string): string {
  if (!value) throw new Error(`--${name} is required\n${USAGE}`);
  return value;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      order: { type: 'string' },
      delivery: { type: 'string' },
      return: { type: 'string' },
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      packages: { type: 'string' },
      warehouse: { type: 'string' },
      item: { type: 'string', multiple: true },
      reason: { type: 'string' },
      note: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === 'help') {
    console.log(USAGE);
    return;
  }
  const url = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  const database = await openDatabase({ url, dataDir, poolSize: 2 });
  const db = database.db;
  try {
    await database.migrate();
    switch (command) {
      case 'ship': {
        const warehouse = values.warehouse ? Number(values.warehouse) : undefined;
        if (warehouse !== undefined && warehouse !== 1 && warehouse !== 2)
          throw new Error('--warehouse must be 1 or 2');
        const result = await shipOrder(db, {
          ordersNo: need(values.order, 'order'),
          carrier: need(values.carrier, 'carrier'),
          trackingNo: need(values.tracking, 'tracking'),
          packages: Number(values.packages ?? '1'),
          ...(warehouse ? { warehouse } : {}),
          ...(values.item ? { items: items(values.item)! } : {}),
        });
        console.log(`shipped: ${result.deliveryNos.join(', ')}; order status ${result.status}`);
        break;
      }
      case 'deliver':
        await markDelivered(db, need(values.delivery, 'delivery'));
        console.log('package received');
        break;
      case 'return': {
        const input = { ordersNo: need(values.order, 'order'), reason: need(values.reason, 'reason') };
        const list = items(values.item);
        const { returnNo } = await createReturn(db, list ? { ...input, items: list } : input);
        console.log(`return request ${returnNo} created (pending_review)`);
        break;
      }
      case 'accept-return':
        await moveReturn(db, need(values.return, 'return'), 'accept', values.note ?? '');
        console.log('return accepted');
        break;
      case 'refuse-return':
        await moveReturn(db, need(values.return, 'return'), 'refuse', need(values.note, 'note'));
        console.log('return refused');
        break;
      case 'complete-return':
        await moveReturn(db, need(values.return, 'return'), 'complete', values.note ?? '');
        console.log('return completed; stock returned');
        break;
      case 'show': {
        const no = need(values.order, 'order');
        const order = await db.execute(
          sql`select id, status, total_amount::text as total, created_at from orders where orders_no = ${no}`,
        );
        if (order.rows.length === 0) throw new BusinessError(`订单不存在：${no}`);
        console.table(order.rows);
        const id = (order.rows[0] as { id: number }).id;
        console.table(
          (
            await db.execute(sql`select i.product_id, p.frey_no, p.l_name_zh, i.warehouse_id, i.quantity, i.shipped_quantity,
              i.returned_quantity from order_items i join products p on p.id = i.product_id where i.order_id = ${id} order by i.id`)
          ).rows,
        );
        console.table(
          (
            await db.execute(sql`select delivery_no, warehouse_id, carrier, tracking_no, packages, status from deliveries
              where order_id = ${id} order by id`)
          ).rows,
        );
        break;
      }
      default:
        throw new Error(`unknown command '${command}'\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof BusinessError ? `refused: ${err.message}` : err);
  process.exit(1);
});
