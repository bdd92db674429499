import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminOrderListQuery } from './admin';
import { BannerInput, CONTENT_TEXTS } from './admin-content';
import { LedgerQuery } from './points';
import { MarketingItemInput, POSTER_TEXTS } from './posters';
import { PaymentInput } from './statements';
import { isMonth } from '../days';

/** The messages of a parse that failed ([] when it passed). */
function refusals(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

// A day the calendar has not, sent where a day is asked, is refused with the field's Chinese message
// (before, it passed the format check and the database failed on it: a 500).
describe('days that are no calendar day', () => {
  const payment = { company_id: 1, amount: '10.00', method: '银行转账', request_key: 'form-0001' };
  const item = { title: '春季保养', picture: '/media/a.png' };

  it.each(['2026-02-30', '2026-13-01', '2026-00-10'])('%s is refused everywhere a day is asked', (bad) => {
    expect(refusals(AdminOrderListQuery, { start_date: bad })).toEqual(['日期格式应为 YYYY-MM-DD']);
    expect(refusals(LedgerQuery, { end_date: bad })).toEqual(['日期格式不正确']);
    expect(refusals(PaymentInput, { ...payment, paid_on: bad })).toEqual(['日期格式不正确']);
    expect(refusals(MarketingItemInput, { ...item, starts_on: bad, ends_on: '2099-12-31' })).toEqual([
      POSTER_TEXTS.dayBad,
    ]);
    expect(refusals(BannerInput, { picture: '/media/a.png', address: '', starts_at: `${bad} 08:00` })).toEqual([
      CONTENT_TEXTS.timeBad,
    ]);
  });

  it('real days pass', () => {
    expect(refusals(AdminOrderListQuery, { start_date: '2028-02-29' })).toEqual([]);
    expect(refusals(LedgerQuery, { start_date: '2026-03-01', end_date: '' })).toEqual([]);
    expect(refusals(PaymentInput, { ...payment, paid_on: '2026-11-20' })).toEqual([]);
    expect(refusals(MarketingItemInput, { ...item, starts_on: '2026-11-01', ends_on: '2026-11-30' })).toEqual([]);
    expect(refusals(BannerInput, { picture: '/media/a.png', address: '', starts_at: '2026-11-01 08:00' })).toEqual([]);
  });

  it('a banner time of no clock (24:00, 10:60) is refused', () => {
    for (const at of ['2026-11-01 24:00', '2026-11-01 10:60', '2026-11-01 10:00:60']) {
      expect(refusals(BannerInput, { picture: '/media/a.png', address: '', starts_at: at })).toEqual([
        CONTENT_TEXTS.timeBad,
      ]);
    }
  });
});

describe('months', () => {
  it.each(['2026-01', '2025-12', '1999-09'])('%s is a month', (text) => expect(isMonth(text)).toBe(true));
  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ' 2026-01', ''])('%j is no month', (text) =>
    expect(isMonth(text)).toBe(false),
  );
});
