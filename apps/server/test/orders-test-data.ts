import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, companies } from '../src/db/schema/accounts';
import { addresses } from '../src/db/schema/addresses';
import { cartItems } from '../src/db/schema/cart';
import { orderItems, orders } from '../src/db/schema/orders';
import { createSession } from '../src/platform/sessions';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { body } from './helpers/api';
import { testPasswordHash } from './helpers/fixtures';
import type { TestApp } from './helpers/test-app';

/**
 * Buyers, addresses, cart lines and extra parts for the order tests: companies and accounts made
 * straight in the database with a session each (no password round trip per buyer).
 */
export interface Buyer {
  companyId: number;
  accountId: number;
  token: string;
  addressId: number;
  otherAddressId: number;
}

const LIMITS = { idleMinutes: 60, absoluteHours: 24 };

export async function insertAddress(
  db: Db,
  companyId: number,
  accountId: number,
  flags: { isMain?: boolean; otherIsMain?: boolean } = {},
) {
  const [a] = await db
    .insert(addresses)
    .values({
      companyId,
      accountId,
      contacts: flags.otherIsMain ? '李四' : '张三',
      mobile: '13912345678',
      province: flags.otherIsMain ? '北京市' : '广东省',
      city: flags.otherIsMain ? '北京市' : '广州市',
      district: flags.otherIsMain ? '朝阳区' : '天河区',
      areaCode: flags.otherIsMain ? '110105' : '440106',
      street: flags.otherIsMain ? '建国路 88 号' : '天河路 385 号',
      isMain: flags.isMain ?? false,
      otherIsMain: flags.otherIsMain ?? false,
    })
    .returning({ id: addresses.id });
  return a!.id;
}

/** A session (token) for an existing account, e.g. a fixture one. */
export async function sessionFor(db: Db, accountId: number, companyId: number): Promise<string> {
  return (await createSession(db, { accountId, companyId }, LIMITS)).token;
}

export async function createBuyers(db: Db, count: number, prefix: string, regional = true): Promise<Buyer[]> {
  const passwordHash = await testPasswordHash();
  const made = await db
    .insert(companies)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `${prefix}汽配${i + 1}`,
        isRegionalWarehouse: regional ? 1 : 0,
      })),
    )
    .returning({ id: companies.id });
  const accountRows = await db
    .insert(accounts)
    .values(
      made.map((c, i) => ({
        companyId: c.id,
        username: `${prefix}_${i + 1}`,
        phone: `170${String(i + 1).padStart(8, '0')}`.slice(0, 11),
        passwordHash,
        isMain: 1,
      })),
    )
    .returning({ id: accounts.id, companyId: accounts.companyId });
  const buyers: Buyer[] = [];
  for (const a of accountRows) {
    buyers.push({
      companyId: a.companyId,
      accountId: a.id,
      token: await sessionFor(db, a.id, a.companyId),
      addressId: await insertAddress(db, a.companyId, a.id, { isMain: true }),
      otherAddressId: await insertAddress(db, a.companyId, a.id, { otherIsMain: true }),
    });
  }
  return buyers;
}

/** A cart line of a buyer or a fixture account ({ companyId, accountId } or { companyId, id }). */
export async function addCartLine(
  db: Db,
  b: { companyId: number; accountId: number } | { companyId: number; id: number },
  productId: number,
  warehouseId: 1 | 2,
  quantity: number,
) {
  const accountId = 'accountId' in b ? b.accountId : b.id;
  const [line] = await db
    .insert(cartItems)
    .values({ companyId: b.companyId, accountId, productId, warehouseId, quantity })
    .returning({ id: cartItems.id });
  return line!.id;
}

/** `count` copies of an existing part (new codes), with prices copied and the given stock per warehouse. */
export async function cloneParts(
  db: Db,
  templateId: number,
  count: number,
  stock: [number, number],
): Promise<number[]> {
  const cols = (
    await db.execute(sql`select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'products' and column_name not in ('id', 'frey_no', 'frey_no_norm')
      order by ordinal_position`)
  ).rows.map((r) => `"${String((r as { column_name: string }).column_name)}"`);
  const list = sql.raw(cols.join(', '));
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const code = `CC-${templateId}-${i + 1}`;
    const [row] = (
      await db.execute(sql`insert into products (frey_no, frey_no_norm, ${list})
        select ${code}, ${code.replace(/[^A-Z0-9]/gi, '').toUpperCase()}, ${list} from products where id = ${templateId}
        returning id`)
    ).rows as { id: number }[];
    const id = Number(row!.id);
    ids.push(id);
    await db.execute(sql`insert into product_prices (product_id, price_key, amount)
      select ${id}, price_key, amount from product_prices where product_id = ${templateId}`);
    await db.execute(sql`insert into product_stocks (product_id, warehouse_id, available, in_transit)
      values (${id}, 1, ${stock[0]}, 0), (${id}, 2, ${stock[1]}, 0)`);
  }
  return ids;
}

export async function stockOf(db: Db, productId: number, warehouseId: number): Promise<number> {
  const [r] = (
    await db.execute(
      sql`select available from product_stocks where product_id = ${productId} and warehouse_id = ${warehouseId}`,
    )
  ).rows as { available: number }[];
  return Number(r?.available ?? 0);
}

/** An order of one line straight in the database (purchase records, 'bought' flags); its id. */
export async function insertOneLineOrder(
  db: Db,
  order: {
    companyId: number;
    accountId: number;
    ordersNo: string;
    status: string;
    productId: number;
    quantity: number;
    price: string;
  },
): Promise<number> {
  const total = (Number(order.price) * order.quantity).toFixed(2);
  const [row] = await db
    .insert(orders)
    .values({
      companyId: order.companyId,
      accountId: order.accountId,
      ordersNo: order.ordersNo,
      status: order.status,
      totalAmount: total,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: row!.id,
    companyId: order.companyId,
    productId: order.productId,
    warehouseId: 1,
    quantity: order.quantity,
    price: order.price,
  });
  return row!.id;
}

/** aMain orders `lines` ([product, quantity], warehouse 1) through Shop.Order/add to `addressId`: the placed order. */
export async function placeOrderOfA(
  t: TestApp,
  addressId: number,
  lines: [productId: number, quantity: number][],
): Promise<AddOrderResponse> {
  const a = t.fixtures.accounts.aMain;
  const cartIds = [];
  for (const [productId, quantity] of lines) cartIds.push(await addCartLine(t.db, a, productId, 1, quantity));
  const placed = body<AddOrderResponse>(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Order/add',
      payload: { pd_cart_ids: cartIds.join(','), address_id: addressId },
    }),
  );
  if (placed.status !== 200) throw new Error(`order not placed: ${placed.msg}`);
  return placed.data;
}
