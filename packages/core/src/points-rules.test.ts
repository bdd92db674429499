import { describe, expect, it } from 'vitest';
import {
  coinDeductionRefusal,
  coinsForPoints,
  daysInMonth,
  exchangeCost,
  maxCoinDeduction,
  pointsExpireAt,
  pointsForAmount,
  pointsToTakeBack,
  POINTS_TEXTS,
  signedDaysOfMonth,
} from './points-rules';

describe('points earned by delivered orders', () => {
  it('gives one point per full 10 yuan, nothing for less or for nonsense', () => {
    expect(pointsForAmount('1973.80')).toBe(197);
    expect(pointsForAmount('9.99')).toBe(0);
    expect(pointsForAmount('10.00')).toBe(1);
    expect(pointsForAmount('0.00')).toBe(0);
    expect(pointsForAmount('-50.00')).toBe(0);
    expect(pointsForAmount('abc')).toBe(0);
  });

  it('takes back what the returned goods earned, bounded by what the order earned and by the balance', () => {
    expect(pointsToTakeBack('300.00', 50, 0, 1000)).toBe(30);
    expect(pointsToTakeBack('300.00', 50, 40, 1000)).toBe(10);
    expect(pointsToTakeBack('300.00', 50, 50, 1000)).toBe(0);
    expect(pointsToTakeBack('300.00', 50, 0, 7)).toBe(7);
    expect(pointsToTakeBack('300.00', 0, 0, 1000)).toBe(0);
  });
});

describe('frey coins', () => {
  it('exchanges 10 points for a coin', () => {
    expect(exchangeCost(3)).toBe(30);
    expect(coinsForPoints(129)).toBe(12);
    expect(coinsForPoints(-5)).toBe(0);
  });

  it('lets coins pay at most 20% of the goods total and never more than the balance', () => {
    expect(maxCoinDeduction('1000.00', 500)).toBe(200);
    expect(maxCoinDeduction('1000.00', 50)).toBe(50);
    expect(maxCoinDeduction('104.99', 500)).toBe(20);
    expect(maxCoinDeduction('0.00', 500)).toBe(0);
  });

  it('refuses a deduction above the ratio or the balance, or not whole', () => {
    expect(coinDeductionRefusal(200, '1000.00', 500)).toBeUndefined();
    expect(coinDeductionRefusal(201, '1000.00', 500)).toBe(POINTS_TEXTS.coinsAboveRatio);
    expect(coinDeductionRefusal(60, '1000.00', 50)).toBe(POINTS_TEXTS.notEnoughCoins);
    expect(coinDeductionRefusal(1.5, '1000.00', 50)).toBe(POINTS_TEXTS.coinsWhole);
    expect(coinDeductionRefusal(0, '0.00', 0)).toBeUndefined();
  });
});

describe('expiry in China time', () => {
  it('keeps points through the same date a year later and ends them at the next China midnight', () => {
    // 2025-03-10 00:00 China = 2025-03-09 16:00 UTC.
    expect(pointsExpireAt(new Date('2025-03-09T16:00:00Z')).toISOString()).toBe('2026-03-10T16:00:00.000Z');
    // 2025-03-10 23:59:59 China: same day.
    expect(pointsExpireAt(new Date('2025-03-10T15:59:59Z')).toISOString()).toBe('2026-03-10T16:00:00.000Z');
    // 2025-03-11 00:00 China: the next day.
    expect(pointsExpireAt(new Date('2025-03-10T16:00:00Z')).toISOString()).toBe('2026-03-11T16:00:00.000Z');
    // 29 February rolls to 1 March.
    expect(pointsExpireAt(new Date('2024-02-29T04:00:00Z')).toISOString()).toBe('2025-03-01T16:00:00.000Z');
  });
});

describe('the sign-in calendar', () => {
  it('marks the days of the month signed in on', () => {
    expect(signedDaysOfMonth('2026-03', ['2026-02-28', '2026-03-01', '2026-03-15'])).toEqual([1, 15]);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2024-02')).toBe(29);
  });
});
