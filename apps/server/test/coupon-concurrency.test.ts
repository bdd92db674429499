import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { chinaDayOf } from '@shop/core/coupons';
import { addDays } from '../src/lib/china-time';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createShop } from './orders-shop';
import { addCartLine, cloneParts, createBuyers, insertAddress, sessionFor, type Buyer } from './orders-test-data';

/**
 * Double spending (docs/coupons.md 'Races'): 50 orders at once with one single-use voucher, and
 * 20 companies claiming a campaign voucher of 5 at once. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
const ORDERS = 50;
const today = chinaDayOf(new Date());

let t: TestApp;
let parts: number[];

beforeAll(async () => {
  const shop = await createShop();
  t = shop.t;
  parts = await cloneParts(t.db, shop.ids.p1, ORDERS, [10, 10]);
}, 120_000);
afterAll(() => t?.close());

/** A dealer's POST with the token of one of the buyers (each its own session). */
const postAs = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });

async function newVoucher(kind: 'issued' | 'campaign', totalUses: number | null, activityId: number | null = null) {
  const [v] = (
    await t.db.execute(sql`insert into vouchers (name, value, threshold, valid_from, valid_to, scope, kind,
      per_company_uses, total_uses, activity_id)
    values ('并发券', 30, 0, ${today}, ${addDays(today, 5)}, 'all', ${kind}, 1, ${totalUses}, ${activityId}) returning id`)
  ).rows as { id: number }[];
  return Number(v!.id);
}

/** A campaign voucher (one per company) of a new activity running today. */
async function campaignVoucher(activity: string, totalUses: number | null) {
  const [act] = (
    await t.db.execute(sql`insert into activities (name, starts_on, ends_on) values (${activity}, ${today}, ${today})
      returning id`)
  ).rows as { id: number }[];
  return newVoucher('campaign', totalUses, Number(act!.id));
}

describe('one single-use voucher', () => {
  it('50 concurrent orders of the company with it: exactly one order uses it, the others write nothing', async () => {
    const a = t.fixtures.accounts.aMain;
    const voucherId = await newVoucher('issued', 1);
    const [g] = (
      await t.db
        .execute(sql`insert into voucher_grants (voucher_id, company_id, uses) values (${voucherId}, ${a.companyId}, 1)
        returning id`)
    ).rows as { id: number }[];
    await t.db.execute(sql`update vouchers set granted_uses = 1 where id = ${voucherId}`);
    const address = await insertAddress(t.db, a.companyId, a.id, { isMain: true });
    // Each order its own cart line and its own session (the company's accounts at once).
    const orders = await Promise.all(
      parts.map(async (productId) => ({
        line: await addCartLine(t.db, a, productId, 1, 1),
        token: await sessionFor(t.db, a.id, a.companyId),
      })),
    );
    const results = await Promise.all(
      orders.map((o) =>
        postAs(o.token, '/api/Shop.Order/add', {
          pd_cart_ids: String(o.line),
          address_id: address,
          voucher_orders_id: String(g!.id),
        }),
      ),
    );
    const bodies = results.map((r) => body<AddOrderResponse>(r));
    const placed = bodies.filter((b) => b.status === 200);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.data.voucher_amount).toBe('30.00');
    expect(new Set(bodies.filter((b) => b.status !== 200).map((b) => b.msg))).toEqual(new Set(['优惠券已用完']));
    const [counts] = (
      await t.db.execute(sql`select
        (select count(*)::int from orders where company_id = ${a.companyId}) as orders,
        (select count(*)::int from orders where company_id = ${a.companyId} and voucher_amount > 0) as with_voucher,
        (select count(*)::int from voucher_redemptions where voucher_id = ${voucherId}) as redemptions,
        (select used from voucher_grants where id = ${g!.id}) as used,
        (select used_count from vouchers where id = ${voucherId}) as used_count,
        (select count(*)::int from cart_items where company_id = ${a.companyId}) as lines_left,
        (select coalesce(sum(10 - available), 0)::int from product_stocks
          where product_id = any(${sql.param(parts)}::int[]) and warehouse_id = 1) as units_taken`)
    ).rows as Record<string, number>[];
    expect(counts).toEqual({
      orders: 1,
      with_voucher: 1,
      redemptions: 1,
      used: 1,
      used_count: 1,
      lines_left: ORDERS - 1,
      units_taken: 1,
    });
  }, 120_000);
});

describe('a campaign voucher of 5 in all', () => {
  it('20 companies claim it at once: exactly 5 get it', async () => {
    const voucherId = await campaignVoucher('并发活动', 5);
    const buyers: Buyer[] = await createBuyers(t.db, 20, 'claim');
    const results = await Promise.all(
      buyers.map((b) => postAs(b.token, '/api/Shop.ActivityProductV2/sendVoucherNum', { voucher_id: voucherId })),
    );
    const statuses = results.map((r) => body(r).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(new Set(results.filter((r) => body(r).status !== 200).map((r) => body(r).msg))).toEqual(
      new Set(['优惠券已被领完']),
    );
    const [v] = (
      await t.db.execute(sql`select granted_uses, (select coalesce(sum(uses), 0)::int from voucher_grants
        where voucher_id = ${voucherId}) as held from vouchers where id = ${voucherId}`)
    ).rows as Record<string, number>[];
    expect(v).toEqual({ granted_uses: 5, held: 5 });
  }, 120_000);
});

describe('a campaign voucher of one per company', () => {
  it("one company's 10 claims at once (its accounts, double clicks): exactly one grant of one use", async () => {
    const voucherId = await campaignVoucher('并发活动二', null);
    const a = t.fixtures.accounts.aMain;
    const tokens = await Promise.all(Array.from({ length: 10 }, () => sessionFor(t.db, a.id, a.companyId)));
    const results = await Promise.all(
      tokens.map((token) => postAs(token, '/api/Shop.ActivityProductV2/sendVoucherNum', { voucher_id: voucherId })),
    );
    const answers = results.map((r) => body(r));
    expect(answers.filter((b) => b.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((b) => b.status !== 200).map((b) => `${b.status} ${b.msg}`))).toEqual(
      new Set(['201 已达到该优惠券的领取上限']),
    );
    const [v] = (
      await t.db.execute(sql`select granted_uses, (select coalesce(sum(uses), 0)::int from voucher_grants
        where voucher_id = ${voucherId}) as held, (select count(*)::int from voucher_grants
        where voucher_id = ${voucherId}) as grants from vouchers where id = ${voucherId}`)
    ).rows as Record<string, number>[];
    expect(v).toEqual({ granted_uses: 1, held: 1, grants: 1 });
  }, 120_000);
});
