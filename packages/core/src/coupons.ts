import { centsToMoney, toCents } from './money';

/**
 * Vouchers (优惠券) and activities (活动专区): the rules both the server and the web app read
 * (docs/coupons.md). Money is decimal text, computed in cents; days are China days
 * ('YYYY-MM-DD', inclusive at both ends).
 */

export const COUPON_TEXTS = {
  notAvailable: '优惠券不可用',
  notFound: '优惠券不存在',
  notStarted: '优惠券未到使用时间',
  expired: '优惠券已过期',
  stopped: '优惠券已停用',
  usedUp: '优惠券已用完',
  noParts: '订单中没有该优惠券适用的商品',
  belowThreshold: (threshold: string) => `适用商品金额未满 ${threshold} 元，不能使用该优惠券`,
  notClaimable: '该优惠券不能领取',
  claimLimit: '已达到该优惠券的领取上限',
  allClaimed: '优惠券已被领完',
  claimed: '领取成功',
  activityNotFound: '活动不存在或已结束',
  /** An account whose profile has activity_flag 0 (spec.md sections 2 and 6). */
  zoneClosed: '活动专区仅对参加活动的账号开放',
  badDay: '日期格式不正确（YYYY-MM-DD）',
  badRange: '结束日期不能早于开始日期',
  badValue: '面额必须大于 0',
  badThreshold: '使用门槛不能小于 0',
  scopeEmpty: '请至少选择一个适用商品或分类',
  nameRequired: '请填写名称',
  voucherIdBad: '优惠券编号不正确',
} as const;

/** Where a voucher applies: every part, chosen parts, or the parts of chosen categories (any level). */
export type VoucherScope = 'all' | 'parts' | 'categories';
export const VOUCHER_SCOPES: Record<VoucherScope, string> = {
  all: '全部商品',
  parts: '指定商品',
  categories: '指定分类',
};

/** issued: staff hand it to chosen companies; campaign: dealers claim it (sendVoucherNum). */
export type VoucherKind = 'issued' | 'campaign';
export const VOUCHER_KINDS: Record<VoucherKind, string> = { issued: '定向发放', campaign: '活动领取' };

/** The tabs of /profile/coupon. */
export type GrantState = 'usable' | 'used' | 'expired';
export const GRANT_STATES: Record<GrantState, string> = { usable: '可使用', used: '已使用', expired: '已过期' };

/** The China day of a moment (UTC+8 all year). */
export function chinaDayOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Where `day` falls against a validity from..to (both China days, inclusive). */
export function validityOn(validFrom: string, validTo: string, day: string): 'not_started' | 'valid' | 'expired' {
  if (day < validFrom) return 'not_started';
  if (day > validTo) return 'expired';
  return 'valid';
}

/** What a dealer's voucher is on `day`: usable (including not yet started), used up, or expired/stopped. */
export function grantState(
  g: { uses: number; used: number; validTo: string; stopped: boolean },
  day: string,
): GrantState {
  if (g.used >= g.uses) return 'used';
  if (g.stopped || day > g.validTo) return 'expired';
  return 'usable';
}

export type Deduction = { ok: true; amount: string } | { ok: false; msg: string };

/**
 * The deduction of a voucher on an order whose lines in the voucher's scope sum to `eligible`:
 * the eligible amount must reach the threshold (and be above 0); the deduction is the value,
 * never more than the eligible amount (an order never goes below zero).
 */
export function voucherDeduction(v: { value: string; threshold: string }, eligible: string): Deduction {
  const value = toCents(v.value) ?? 0n;
  const threshold = toCents(v.threshold) ?? 0n;
  const base = toCents(eligible) ?? 0n;
  if (base <= 0n) return { ok: false, msg: COUPON_TEXTS.noParts };
  if (base < threshold) return { ok: false, msg: COUPON_TEXTS.belowThreshold(centsToMoney(threshold)) };
  return { ok: true, amount: centsToMoney(value < base ? value : base) };
}

/** The amount to pay: the total less the deductions (voucher first, then coins), never below zero. */
export function payableAmount(total: string, ...deductions: string[]): string {
  let cents = toCents(total) ?? 0n;
  for (const d of deductions) cents -= toCents(d) ?? 0n;
  return centsToMoney(cents < 0n ? 0n : cents);
}

/** The voucher's headline, e.g. '满 500 减 50' or '无门槛减 20'. */
export function voucherTitle(v: { value: string; threshold: string }): string {
  const short = (m: string) =>
    centsToMoney(toCents(m) ?? 0n)
      .replace(/\.00$/, '')
      .replace(/(\.\d)0$/, '$1');
  const threshold = toCents(v.threshold) ?? 0n;
  return threshold > 0n ? `满 ${short(v.threshold)} 减 ${short(v.value)}` : `无门槛减 ${short(v.value)}`;
}
