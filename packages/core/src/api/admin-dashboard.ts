import { z } from 'zod';

/**
 * The back office's dashboard (/api/admin/dashboard*). The figures need orders.read, the lists of
 * what dealers looked for and did not find catalog.manage (docs/decisions: the dashboard). Money
 * is decimal text with two places; days are China days 'YYYY-MM-DD'.
 */

const OrdersAndSales = z.object({ orders: z.number().int(), sales: z.string() });

export const DashboardFigures = z.object({
  /** The China day the figures are of. */
  day: z.string(),
  today: OrdersAndSales,
  month: OrdersAndSales,
  /** Orders not (fully) shipped yet. */
  to_ship: z.number().int(),
  /** Returns waiting for review or for the goods. */
  open_returns: z.number().int(),
  /** Part questions without an answer. */
  open_questions: z.number().int(),
  /** Each day of this month up to today: its orders and sales (cancelled orders left out). */
  days: z.array(OrdersAndSales.extend({ day: z.string() })),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/** The periods the not-found lists are counted over, in days back from today (1: today). */
export const NOT_FOUND_PERIODS = { 1: '今天', 7: '近 7 天', 30: '近 30 天', 90: '近 90 天' } as const;
export const NOT_FOUND_PERIOD_DAYS = [1, 7, 30, 90] as const;

export const NotFoundQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (NOT_FOUND_PERIOD_DAYS as readonly number[]).includes(d), '统计周期应为 1、7、30 或 90 天')
    .default(7),
  limit: z.coerce.number().int().min(1, '条数应在 1 到 200 之间').max(200, '条数应在 1 到 200 之间').default(50),
});
export type NotFoundQuery = z.infer<typeof NotFoundQuery>;

export const NotFoundLists = z.object({
  days: z.number().int(),
  /** Searches and lines of the multi-number search that found nothing, most frequent first. */
  searches: z.array(z.object({ keyword: z.string(), times: z.number().int() })),
  /** VINs we could not place on a vehicle of our catalog, most frequent first. */
  vins: z.array(z.object({ vin: z.string(), vehicle_name: z.string(), times: z.number().int(), last_at: z.string() })),
});
export type NotFoundLists = z.infer<typeof NotFoundLists>;
