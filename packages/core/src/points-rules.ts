import { toCents } from './money';

/**
 * The rules of points, frey coins and the points mall (docs/points.md). Pure functions shared by
 * the server (which enforces them inside its transactions) and the web app (which shows them).
 */

/** Points for a daily sign-in (once per account and China calendar day). */
export const SIGN_IN_POINTS = 5;
/** One point per this many yuan of a delivered order's goods (what was kept: returns deducted). */
export const YUAN_PER_POINT = 10;
/** Points paid for one frey coin when exchanging. */
export const POINTS_PER_FREY_COIN = 10;
/** What one frey coin takes off an order, in yuan. */
export const FREY_COIN_YUAN = 1;
/** The share of an order's goods total that frey coins may pay, in percent. */
export const FREY_COIN_DEDUCTION_PERCENT = 20;
/** deduction_ratio as the order call sends it. */
export const FREY_COIN_DEDUCTION_RATIO = FREY_COIN_DEDUCTION_PERCENT / 100;
/** Most coins exchanged in one call. */
export const EXCHANGE_MAX_COINS = 100_000;
/** Most units of one mall item in the points cart. */
export const POINTS_CART_QUANTITY_MAX = 99;
/** A manual adjustment by staff: at most this many points either way. */
export const ADJUSTMENT_MAX = 1_000_000;

export const POINTS_TEXTS = {
  moduleMainOnly: '积分商城仅限主账号使用',
  signedIn: '签到成功',
  alreadySignedIn: '今天已经签到过了',
  notEnoughPoints: '积分不足',
  notEnoughCoins: '积分币余额不足',
  coinsAboveRatio: `积分币抵扣不能超过订单商品金额的 ${FREY_COIN_DEDUCTION_PERCENT}%`,
  coinsWhole: '积分币数量必须是整数',
  exchangeCount: '兑换数量必须是 1 以上的整数',
  exchanged: '兑换成功',
  itemNotFound: '积分商品不存在',
  itemOffShelf: '该积分商品已下架',
  itemNoStock: '积分商品库存不足',
  cartNotFound: '找不到积分商品购物车数据',
  quantity: `数量必须是 1 到 ${POINTS_CART_QUANTITY_MAX} 的整数`,
  added: '已加入购物车',
  deleted: '已删除',
  giftNotFound: '赠品订单不存在',
  giftNotShipped: '赠品尚未发货，不能确认收货',
  giftReceived: '已确认收货',
  giftAlreadyReceived: '赠品已签收',
  coinsWithoutParts: '积分币只能抵扣配件订单',
  addressRequired: '请选择收货地址',
  addressNotFound: '收货地址不存在，请重新选择',
  reasonRequired: '请填写调整原因',
  adjustmentZero: '调整积分不能为 0',
} as const;

/** Why a ledger entry was written (points_ledger.cause / frey_coin_ledger.cause) and its Chinese name. */
export const POINTS_CAUSES = {
  sign_in: '每日签到',
  order_delivered: '订单完成奖励',
  order_returned: '订单退货扣回',
  gift_order: '积分商城兑换',
  gift_cancelled: '赠品订单取消退回',
  exchange: '兑换积分币',
  expired: '积分过期',
  adjustment: '人工调整',
} as const;
export type PointsCause = keyof typeof POINTS_CAUSES;

export const COIN_CAUSES = {
  exchange: '积分兑换',
  order_deduction: '订单抵扣',
  order_refund: '订单取消退回',
  adjustment: '人工调整',
} as const;
export type CoinCause = keyof typeof COIN_CAUSES;

/** The points a set of points cart lines costs (customer_sale_price per unit × quantity). */
export function pointsCartTotal(lines: readonly { customer_sale_price: string | number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + Number(l.customer_sale_price) * l.quantity, 0);
}

/** Points earned by a delivered order whose kept goods came to `amount` yuan (money text). */
export function pointsForAmount(amount: unknown): number {
  const cents = toCents(amount) ?? 0n;
  if (cents <= 0n) return 0;
  return Number(cents / BigInt(YUAN_PER_POINT * 100));
}

/**
 * Points taken back when goods of `returnedAmount` of an order are returned: the points those
 * goods earned, never more than the order earned less what was already taken back, and never
 * more than the balance (the balance is never negative; what cannot be taken is forgiven).
 */
export function pointsToTakeBack(
  returnedAmount: unknown,
  earnedByOrder: number,
  takenBackBefore: number,
  balance: number,
): number {
  const due = Math.min(pointsForAmount(returnedAmount), Math.max(0, earnedByOrder - takenBackBefore));
  return Math.max(0, Math.min(due, balance));
}

/** Points an exchange for `coins` frey coins costs. */
export function exchangeCost(coins: number): number {
  return coins * POINTS_PER_FREY_COIN;
}

/** Frey coins the points can buy (the overview's max_frey_coin). */
export function coinsForPoints(points: number): number {
  return Math.floor(Math.max(0, points) / POINTS_PER_FREY_COIN);
}

/** Most coins an order of goods total `total` (money text) may use with `balance` coins. */
export function maxCoinDeduction(total: unknown, balance: number): number {
  const cents = toCents(total) ?? 0n;
  if (cents <= 0n) return 0;
  const byRatio = Number((cents * BigInt(FREY_COIN_DEDUCTION_PERCENT)) / 100n / BigInt(FREY_COIN_YUAN * 100));
  return Math.max(0, Math.min(byRatio, balance));
}

/** Why `coins` may not pay an order of `total` with `balance` coins, or undefined when they may. */
export function coinDeductionRefusal(coins: number, total: unknown, balance: number): string | undefined {
  if (!Number.isInteger(coins) || coins < 0) return POINTS_TEXTS.coinsWhole;
  if (coins === 0) return undefined;
  if (coins > balance) return POINTS_TEXTS.notEnoughCoins;
  if (coins > maxCoinDeduction(total, Number.MAX_SAFE_INTEGER)) return POINTS_TEXTS.coinsAboveRatio;
  return undefined;
}

/** The yuan `coins` take off an order, as money text. */
export function coinAmount(coins: number): string {
  return `${coins * FREY_COIN_YUAN}.00`;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The China calendar day ('2026-03-10') of a moment. */
export function chinaDayOf(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * When points earned at `earnedAt` expire: they are good through the same calendar date a year
 * later (China time) and gone at the next midnight in China. Earned 2025-03-10 (any hour, China
 * time) → expire at 2026-03-11 00:00 China time (2026-03-10 16:00 UTC). A 29 February earning is
 * good through 1 March of the next year (the date one year on, rolled over).
 */
export function pointsExpireAt(earnedAt: Date): Date {
  const [y, m, d] = chinaDayOf(earnedAt).split('-').map(Number) as [number, number, number];
  // The midnight after the same date next year, China time.
  return new Date(Date.UTC(y + 1, m - 1, d) + DAY_MS - CHINA_OFFSET_MS);
}

/** The days of the month ('2026-03') an account signed in on → the calendar's marked day numbers. */
export function signedDaysOfMonth(month: string, days: readonly string[]): number[] {
  return days.filter((d) => d.startsWith(`${month}-`)).map((d) => Number(d.slice(8, 10)));
}

/** The number of days of a month ('2026-02' → 28). */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
