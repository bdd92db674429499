import { describe, expect, it } from 'vitest';
import { chinaDayOf, grantState, payableAmount, validityOn, voucherDeduction, voucherTitle } from './coupons';
import { isDay } from './days';

describe('voucher validity in China days', () => {
  it('is valid from the first day through the last, inclusive', () => {
    expect(validityOn('2026-03-01', '2026-03-31', '2026-02-28')).toBe('not_started');
    expect(validityOn('2026-03-01', '2026-03-31', '2026-03-01')).toBe('valid');
    expect(validityOn('2026-03-01', '2026-03-31', '2026-03-31')).toBe('valid');
    expect(validityOn('2026-03-01', '2026-03-31', '2026-04-01')).toBe('expired');
  });

  it('counts the day in China: 15:59:59 UTC is still the day, 16:00 UTC is the next', () => {
    expect(chinaDayOf(new Date('2026-03-31T15:59:59.999Z'))).toBe('2026-03-31');
    expect(chinaDayOf(new Date('2026-03-31T16:00:00.000Z'))).toBe('2026-04-01');
    expect(chinaDayOf(new Date('2026-02-28T16:00:00.000Z'))).toBe('2026-03-01');
  });

  it('accepts only real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-2-1')).toBe(false);
    expect(isDay('2026-02-01 00:00')).toBe(false);
  });
});

describe('the deduction of a voucher', () => {
  const v = { value: '50.00', threshold: '500.00' };

  it('deducts the value when the parts it covers reach the threshold', () => {
    expect(voucherDeduction(v, '500.00')).toEqual({ ok: true, amount: '50.00' });
    expect(voucherDeduction(v, '1234.56')).toEqual({ ok: true, amount: '50.00' });
  });

  it('refuses below the threshold, by one cent too', () => {
    expect(voucherDeduction(v, '499.99')).toEqual({ ok: false, msg: '适用商品金额未满 500.00 元，不能使用该优惠券' });
  });

  it('refuses when no line is in its scope', () => {
    expect(voucherDeduction({ value: '20.00', threshold: '0.00' }, '0.00')).toEqual({
      ok: false,
      msg: '订单中没有该优惠券适用的商品',
    });
  });

  it('never deducts more than the parts it covers', () => {
    expect(voucherDeduction({ value: '100.00', threshold: '0.00' }, '35.10')).toEqual({ ok: true, amount: '35.10' });
  });

  it('keeps cents exact (no binary floats)', () => {
    expect(voucherDeduction({ value: '0.30', threshold: '0.10' }, '0.10')).toEqual({ ok: true, amount: '0.10' });
    expect(payableAmount('0.30', '0.10', '0.10')).toBe('0.10');
  });
});

describe('the amount to pay', () => {
  it('is the total less the voucher, then less the coins, never below zero', () => {
    expect(payableAmount('300.00', '50.00')).toBe('250.00');
    expect(payableAmount('300.00', '50.00', '20.50')).toBe('229.50');
    expect(payableAmount('30.00', '50.00')).toBe('0.00');
  });
});

describe("a dealer's voucher on a day", () => {
  const g = { uses: 2, used: 0, validTo: '2026-03-31', stopped: false };
  it('is usable until used up or past its last day or stopped', () => {
    expect(grantState(g, '2026-03-31')).toBe('usable');
    expect(grantState({ ...g, used: 1 }, '2026-03-31')).toBe('usable');
    expect(grantState({ ...g, used: 2 }, '2026-03-31')).toBe('used');
    expect(grantState(g, '2026-04-01')).toBe('expired');
    expect(grantState({ ...g, stopped: true }, '2026-03-01')).toBe('expired');
    expect(grantState({ ...g, used: 2 }, '2026-04-01')).toBe('used');
  });
});

describe('the headline of a voucher', () => {
  it('reads 满 … 减 … or 无门槛减 …', () => {
    expect(voucherTitle({ value: '50.00', threshold: '500.00' })).toBe('满 500 减 50');
    expect(voucherTitle({ value: '20.50', threshold: '0.00' })).toBe('无门槛减 20.5');
  });
});
