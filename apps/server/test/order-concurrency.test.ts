import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { NOTHING_IN_STOCK_TEXT } from '../src/modules/orders/place-order';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createShop } from './orders-shop';
import { addCartLine, cloneParts, createBuyers, type Buyer } from './orders-test-data';

/**
 * 200 buyers (each its own company and account) order the same 20 parts at once with too little
 * stock: no unit is sold twice, every order is placed or reported short, and a request sent twice
 * at the same moment makes one order. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const BUYERS = 200;
const PARTS = 20;
const STOCK: [number, number] = [25, 15];

let t: TestApp;
let parts: number[];
let buyers: Buyer[];
/** Per buyer: its cart lines (id, product, warehouse, quantity). */
const carts = new Map<number, { id: number; productId: number; warehouseId: 1 | 2; quantity: number }[]>();

/** A small deterministic generator (the same lines on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

beforeAll(async () => {
  const shop = await createShop();
  t = shop.t;
  parts = await cloneParts(t.db, shop.ids.p1, PARTS, STOCK);
  buyers = await createBuyers(t.db, BUYERS, 'conc');
  const random = rng(20261122);
  for (const b of buyers) {
    const lines = [];
    const picked = new Set<string>();
    const n = 1 + Math.floor(random() * 4);
    while (lines.length < n) {
      // A third of the buyers want the first three parts: hot parts run out early.
      const productId = parts[random() < 0.33 ? Math.floor(random() * 3) : Math.floor(random() * PARTS)]!;
      const warehouseId: 1 | 2 = random() < 0.7 ? 1 : 2;
      if (picked.has(`${productId}:${warehouseId}`)) continue;
      picked.add(`${productId}:${warehouseId}`);
      const quantity = 1 + Math.floor(random() * 5);
      lines.push({
        id: await addCartLine(t.db, b, productId, warehouseId, quantity),
        productId,
        warehouseId,
        quantity,
      });
    }
    carts.set(b.accountId, lines);
  }
}, 180_000);
afterAll(() => t?.close());

function submit(b: Buyer, key?: string) {
  const lines = carts.get(b.accountId)!;
  return t.app.inject({
    method: 'POST',
    url: '/api/Shop.Order/add',
    headers: { authorization: b.token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      cart: lines.map((l) => ({
        cart_id: l.id,
        product_id: l.productId,
        cart_number: l.quantity,
        warehouse_type: l.warehouseId,
      })),
      pd_cart_ids: lines.map((l) => l.id).join(','),
      address_id: b.addressId,
      other_address_id: b.otherAddressId,
      remark: '',
      beijing_remark: '',
    },
  });
}

describe('200 concurrent buyers, 20 parts, limited stock', () => {
  it('never oversells; every order is placed or reported short; a doubled request makes one order', async () => {
    // Buyers 0-19 send their request twice at once with one Idempotency-Key; 20-39 twice without.
    const requests = buyers.flatMap((b, i) => {
      const key = i < 20 ? `visit-${b.accountId}-0001` : undefined;
      return i < 40 ? [submit(b, key), submit(b, key)] : [submit(b, key)];
    });
    const answers = (await Promise.all(requests)).map((r) => body<AddOrderResponse>(r));
    const byBuyer = new Map<number, typeof answers>();
    let k = 0;
    buyers.forEach((b, i) => {
      byBuyer.set(b.accountId, answers.slice(k, k + (i < 40 ? 2 : 1)));
      k += i < 40 ? 2 : 1;
    });

    let placed = 0;
    let refused = 0;
    for (const b of buyers) {
      const [first, second] = byBuyer.get(b.accountId)!;
      for (const a of [first!, second].filter((x) => x !== undefined)) {
        expect([200, 201], a.msg).toContain(a.status);
        if (a.status === 201) expect(a.msg).toBe(NOTHING_IN_STOCK_TEXT);
      }
      if (second) {
        expect(second.status).toBe(first!.status);
        if (first!.status === 200) {
          expect(second.data.order_id).toBe(first!.data.order_id);
          expect([first!.data.repeated, second.data.repeated].sort()).toEqual([0, 1]);
        }
      }
      if (first!.status === 200) placed++;
      else refused++;
    }
    expect(placed + refused).toBe(BUYERS);
    expect(placed).toBeGreaterThan(0);

    // One order per placing company.
    const orderCount = await t.db.execute(sql`select company_id, count(*)::int as n from orders
      where company_id = any(${sql.param(buyers.map((b) => b.companyId))}::int[]) group by company_id`);
    expect(orderCount.rows).toHaveLength(placed);
    expect(orderCount.rows.every((r) => Number((r as { n: number }).n) === 1)).toBe(true);

    // Stock: never negative, and what left the shelves is exactly what the orders supplied.
    const stock = await t.db.execute(sql`select s.product_id, s.warehouse_id, s.available,
        coalesce((select sum(i.quantity) from order_items i where i.product_id = s.product_id
          and i.warehouse_id = s.warehouse_id), 0)::int as sold
      from product_stocks s where s.product_id = any(${sql.param(parts)}::int[])`);
    for (const r of stock.rows as { warehouse_id: number; available: number; sold: number }[]) {
      const initial = Number(r.warehouse_id) === 1 ? STOCK[0] : STOCK[1];
      expect(Number(r.available)).toBeGreaterThanOrEqual(0);
      expect(Number(r.sold)).toBe(initial - Number(r.available));
    }
    // Demand exceeded supply, so the hot parts sold out and someone was short.
    const shortLines = answers.filter((a) => a.status === 200).flatMap((a) => a.data.return_data);
    expect(shortLines.length).toBeGreaterThan(0);

    // Each placed buyer: every line is supplied in full, or reported with what was and was not supplied.
    for (const b of buyers) {
      const a = byBuyer.get(b.accountId)![0]!;
      if (a.status !== 200) continue;
      const items = await t.db.execute(
        sql`select product_id, warehouse_id, quantity from order_items where order_id = ${a.data.order_id}`,
      );
      const supplied = new Map(
        (items.rows as { product_id: number; warehouse_id: number; quantity: number }[]).map((r) => [
          `${Number(r.product_id)}:${Number(r.warehouse_id)}`,
          Number(r.quantity),
        ]),
      );
      for (const line of carts.get(b.accountId)!) {
        const key = `${line.productId}:${line.warehouseId}`;
        const lack = a.data.return_data.find(
          (l) => l.product_id === line.productId && l.warehouse_type === line.warehouseId,
        );
        const got = supplied.get(key) ?? 0;
        if (lack) {
          expect(lack.supplied_number).toBe(got);
          expect(lack.supplied_number + lack.lack_number).toBe(line.quantity);
          expect(lack.order_type).toBe(got === 0 ? 1 : 2);
        } else {
          expect(got).toBe(line.quantity);
        }
      }
    }
  }, 300_000);
});
