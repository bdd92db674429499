import { sql } from 'drizzle-orm';
import type { DashboardFigures, NotFoundLists, NotFoundQuery } from '@shop/core/api/admin-dashboard';
import { centsToMoney, money, toCents } from '@shop/core/money';
import type { OrderStatus, ReturnStatus } from '@shop/core/order-status';
import type { Db } from '../../db/client';
import { addDays, chinaDateTime, chinaDay, chinaDayOf, chinaDayStart } from '../../lib/china-time';
import { missesPerKeywordSince } from '../search/search-log-rollup';

const CANCELLED: OrderStatus = 'cancelled';
const TO_SHIP: readonly OrderStatus[] = ['pending_shipment', 'partially_shipped'];
const OPEN_RETURNS: readonly ReturnStatus[] = ['pending_review', 'accepted'];

interface DayRow {
  day: string;
  orders: number | string;
  sales: string | null;
}

/**
 * The dashboard's figures at `now`: the orders and sales of each day of this month (China days;
 * cancelled orders count neither), today's and the month's sums of them, the orders waiting to
 * ship, the open returns and the unanswered part questions. Sales are summed as numeric in the
 * database and added up here in cents (core money.ts), never as floats.
 */
export async function dashboardFigures(db: Db, now = new Date()): Promise<DashboardFigures> {
  const today = chinaDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const toShip = sql.join(
    TO_SHIP.map((s) => sql`${s}`),
    sql`, `,
  );
  const openReturns = sql.join(
    OPEN_RETURNS.map((s) => sql`${s}`),
    sql`, `,
  );
  const [perDay, open] = await Promise.all([
    db.execute(sql`
      select ${chinaDayOf(sql`created_at`)}::text as day, count(*) as orders, sum(total_amount)::text as sales
      from orders
      where created_at >= ${chinaDayStart(monthStart).toISOString()}::timestamptz
        and created_at < ${chinaDayStart(addDays(today, 1)).toISOString()}::timestamptz
        and status <> ${CANCELLED}
      group by 1`),
    db.execute(sql`
      select
        (select count(*) from orders where status in (${toShip})) as to_ship,
        (select count(*) from return_orders where status in (${openReturns})) as open_returns,
        (select count(*) from product_questions where reply_content is null) as open_questions`),
  ]);
  const byDay = new Map((perDay.rows as unknown as DayRow[]).map((r) => [r.day, r]));
  const days: DashboardFigures['days'] = [];
  for (let day = monthStart; day <= today; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push({ day, orders: Number(row?.orders ?? 0), sales: money(row?.sales ?? '0') });
  }
  const counts = open.rows[0] as Record<'to_ship' | 'open_returns' | 'open_questions', string | number>;
  const last = days[days.length - 1]!;
  return {
    day: today,
    today: { orders: last.orders, sales: last.sales },
    month: sumOf(days),
    to_ship: Number(counts.to_ship),
    open_returns: Number(counts.open_returns),
    open_questions: Number(counts.open_questions),
    days,
  };
}

function sumOf(days: DashboardFigures['days']): DashboardFigures['month'] {
  let orders = 0;
  let cents = 0n;
  for (const d of days) {
    orders += d.orders;
    cents += toCents(d.sales) ?? 0n;
  }
  return { orders, sales: centsToMoney(cents) };
}

/**
 * What dealers looked for and did not find in the last `days` China days (1: today), most
 * frequent first: the search log's entries without a result (searches and multi-number lines,
 * rolled up per day by the search-log roll-up) and the VIN searches not placed on a vehicle.
 */
export async function notFoundLists(db: Db, query: NotFoundQuery, now = new Date()): Promise<NotFoundLists> {
  const firstDay = addDays(chinaDay(now), 1 - query.days);
  const [searches, vins] = await Promise.all([
    db.execute(sql`
      select keyword, times from (${missesPerKeywordSince(firstDay)}) m
      where keyword <> ''
      order by times desc, keyword limit ${query.limit}`),
    db.execute(sql`
      select vin, max(vehicle_name) as vehicle_name, count(*) as times, max(created_at) as last_at
      from vin_searches
      where vehicle_model_id is null and created_at >= ${chinaDayStart(firstDay).toISOString()}::timestamptz
      group by vin
      order by times desc, vin limit ${query.limit}`),
  ]);
  return {
    days: query.days,
    searches: (searches.rows as { keyword: string; times: string | number }[]).map((r) => ({
      keyword: r.keyword,
      times: Number(r.times),
    })),
    vins: (vins.rows as { vin: string; vehicle_name: string; times: string | number; last_at: string | Date }[]).map(
      (r) => ({
        vin: r.vin,
        vehicle_name: r.vehicle_name,
        times: Number(r.times),
        last_at: chinaDateTime(new Date(r.last_at)),
      }),
    ),
  };
}
