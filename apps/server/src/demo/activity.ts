import { asc } from 'drizzle-orm';
import { chinaDay } from '../lib/china-time';
import { accounts, companies } from '../db/schema/accounts';
import { orderItems, orders } from '../db/schema/orders';
import { favourites, productQuestions, restockRequests, searchLogs } from '../db/schema/customer-activity';
import type { OrderStatus } from '../modules/parts/order-status';
import { insertRows, type Executor } from './bulk-insert';
import type { GeneratedPart, PartContext } from './parts';
import { Random } from './random';
import { QUESTIONS, REPLIES } from './definitions/part-extras';

/**
 * What the demo companies have done: orders over the months before the reference date,
 * questions (answered or not, some replies unread), favourites, restock alerts and searches.
 * Uses the parts that have details (detailParts). Deterministic per company.
 */
const STREAM = 202;
const DAY = 24 * 3600 * 1000;
/** Orders per company, spread over this many days. */
const ORDERS_PER_COMPANY = 60;
const ORDER_DAYS = 180;
const RECENT_ORDERS = 4;

interface DemoAccountRow {
  id: number;
  companyId: number;
}

function statusFor(rng: Random, ageDays: number): OrderStatus {
  if (rng.chance(0.07)) return 'cancelled';
  if (ageDays > 14) return 'completed';
  if (ageDays > 3) return rng.chance(0.6) ? 'shipped' : 'completed';
  return rng.chance(0.5) ? 'pending_shipment' : 'shipped';
}

function ymd(date: Date): string {
  return chinaDay(date).replaceAll('-', '');
}

export async function insertDemoActivity(
  db: Executor,
  ctx: PartContext,
  parts: GeneratedPart[],
  priceKey: string,
): Promise<void> {
  if (parts.length === 0) return;
  const companyRows = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  const accountRows: DemoAccountRow[] = await db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .orderBy(asc(accounts.id));
  const orderable = parts.filter((p) => p.isComingSoon === 0);
  const outOfStock = parts.filter((p) => p.stocks.every((s) => s.available === 0) && p.isComingSoon === 0);
  const now = ctx.referenceDate.getTime();

  const orderRows: (typeof orders.$inferInsert & { items: (typeof orderItems.$inferInsert)[] })[] = [];
  const questionRows: (typeof productQuestions.$inferInsert)[] = [];
  const favouriteRows: (typeof favourites.$inferInsert)[] = [];
  const restockRows: (typeof restockRequests.$inferInsert)[] = [];
  const searchRows: (typeof searchLogs.$inferInsert)[] = [];

  for (const [companyIndex, company] of companyRows.entries()) {
    const members = accountRows.filter((a) => a.companyId === company.id);
    if (members.length === 0) continue;
    const rng = new Random(ctx.seed, STREAM, company.id);
    // The company's regular parts: most orders draw from them, so parts are bought repeatedly.
    const regulars = rng.sample(orderable, 40);

    for (let n = 0; n < ORDERS_PER_COMPANY; n++) {
      // A few orders of the last days are still being shipped; the rest spread over the months.
      const at = new Date(now - rng.int(0, (n < RECENT_ORDERS ? 3 : ORDER_DAYS) * DAY));
      const ageDays = (now - at.getTime()) / DAY;
      const account = rng.pick(members);
      const picked = rng.sample(rng.chance(0.8) ? regulars : orderable, rng.int(1, 5));
      const items = picked.map((p) => {
        const price = p.prices.find((x) => x.key === priceKey)?.amount ?? p.prices[0]!.amount;
        return {
          companyId: company.id,
          productId: p.id,
          warehouseId: rng.chance(0.8) ? 1 : 2,
          quantity: rng.pick([1, 1, 2, 2, 4, 5, 10]),
          price,
          createdAt: at,
          orderId: 0,
        };
      });
      const total = items.reduce((sum, i) => sum + Number(i.price) * i.quantity, 0);
      orderRows.push({
        companyId: company.id,
        accountId: account.id,
        ordersNo: `SO${ymd(at)}${companyIndex + 1}${String(n + 1).padStart(4, '0')}`,
        status: n === 0 ? 'pending_shipment' : statusFor(rng, ageDays),
        totalAmount: total.toFixed(2),
        createdAt: at,
        items,
      });
    }

    // Questions on regular parts: unanswered, answered and read, answered and unread.
    for (let n = 0; n < 12; n++) {
      const part = rng.pick(regulars);
      const asked = new Date(now - rng.int(1, 60) * DAY - rng.int(0, DAY));
      const answered = rng.chance(0.7);
      const replyTime = new Date(asked.getTime() + rng.int(1, 48) * 3600 * 1000);
      const q = rng.int(0, QUESTIONS.length - 1);
      questionRows.push({
        productId: part.id,
        companyId: company.id,
        accountId: rng.pick(members).id,
        type: rng.chance(0.8) ? 1 : 0,
        askQuestions: QUESTIONS[q]!,
        createdAt: asked,
        replyContent: answered ? REPLIES[q]! : null,
        replyTime: answered ? replyTime : null,
        replyPics: answered && rng.chance(0.3) ? [part.pic] : [],
        readAt: answered && rng.chance(0.5) ? new Date(replyTime.getTime() + 3600 * 1000) : null,
      });
    }

    for (const account of members) {
      // Favourites among orderable parts (last 90 days), restock requests for parts out of stock (last 30).
      for (const [rows, pool, count, days] of [
        [favouriteRows, orderable, 8, 90],
        [restockRows, outOfStock, 3, 30],
      ] as const) {
        for (const part of rng.sample(pool, count)) {
          rows.push({
            accountId: account.id,
            companyId: company.id,
            productId: part.id,
            createdAt: new Date(now - rng.int(0, days * DAY)),
          });
        }
      }
      for (let n = 0; n < 40; n++) {
        const part = rng.pick(rng.chance(0.6) ? regulars : orderable);
        const keyword = rng.chance(0.5) ? part.oeNumber : rng.chance(0.5) ? part.lNameZh : part.freyNo;
        searchRows.push({
          companyId: company.id,
          accountId: account.id,
          keyword,
          productId: part.id,
          resultCount: keyword === part.lNameZh ? rng.int(20, 400) : 1,
          createdAt: new Date(now - rng.int(0, 30 * DAY)),
        });
      }
    }
  }

  orderRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime() || a.ordersNo.localeCompare(b.ordersNo));
  if (orderRows.length > 0) {
    const inserted = await db
      .insert(orders)
      .values(orderRows.map(({ items: _items, ...order }) => order))
      .returning({ id: orders.id, ordersNo: orders.ordersNo });
    const idOf = new Map(inserted.map((r) => [r.ordersNo, r.id]));
    await db
      .insert(orderItems)
      .values(orderRows.flatMap((o) => o.items.map((i) => ({ ...i, orderId: idOf.get(o.ordersNo)! }))));
  }
  if (questionRows.length > 0) await db.insert(productQuestions).values(questionRows);
  if (favouriteRows.length > 0) await db.insert(favourites).values(favouriteRows).onConflictDoNothing();
  if (restockRows.length > 0) await db.insert(restockRequests).values(restockRows).onConflictDoNothing();
  if (searchRows.length > 0) {
    await insertRows(
      db,
      searchLogs,
      [
        { column: searchLogs.companyId, type: 'int4', value: (r) => r.companyId },
        { column: searchLogs.accountId, type: 'int4', value: (r) => r.accountId },
        { column: searchLogs.keyword, type: 'text', value: (r) => r.keyword },
        { column: searchLogs.productId, type: 'int4', value: (r) => r.productId ?? null },
        { column: searchLogs.resultCount, type: 'int4', value: (r) => r.resultCount },
        { column: searchLogs.createdAt, type: 'timestamptz', value: (r) => r.createdAt!.toISOString() },
      ],
      searchRows,
    );
  }
}
